"""Instructor grading pipeline for "Inside Autograd".

nbgrader does the course workflow (release, collect, autograde, feedback, gradebook); an
isolated re-check (grading.recheck, grading.sandbox) decides every autograded exercise's score
outside the student's kernel. Entry point: ``python -m grading --help``.
"""
