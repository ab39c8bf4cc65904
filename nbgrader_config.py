"""nbgrader configuration: solutions/ is nbgrader's "source", course/ its "release".

The grading workspace (submitted, autograded, feedback, gradebook) defaults to
grading/workspace/ (git-ignored); `python -m grading --workspace DIR` or the environment
variable AUTOGRAD_WORKSPACE moves it. AUTOGRAD_DB_URL swaps the SQLite gradebook for another
SQLAlchemy URL (PostgreSQL for a class with several graders), AUTOGRAD_COURSE_ROOT points at
another course tree (tests use a fixture course), AUTOGRAD_RELEASE_DIR releases elsewhere than
course/ (the grader regenerates into the workspace to register assignments without touching
course/), and AUTOGRAD_CELL_TIMEOUT bounds each cell of an autograde run (seconds).
"""
import os

c = get_config()  # noqa: F821 (provided by traitlets when nbgrader loads this file)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.environ.get("AUTOGRAD_COURSE_ROOT", HERE))
WORKSPACE = os.path.abspath(os.environ.get("AUTOGRAD_WORKSPACE", os.path.join(HERE, "grading", "workspace")))

c.CourseDirectory.root = ROOT
c.CourseDirectory.course_id = "inside-autograd"
c.CourseDirectory.source_directory = "solutions"
c.CourseDirectory.release_directory = os.environ.get("AUTOGRAD_RELEASE_DIR", "course")
c.CourseDirectory.submitted_directory = os.path.join(WORKSPACE, "submitted")
c.CourseDirectory.autograded_directory = os.path.join(WORKSPACE, "autograded")
c.CourseDirectory.feedback_directory = os.path.join(WORKSPACE, "feedback")
c.CourseDirectory.db_url = os.environ.get("AUTOGRAD_DB_URL", "sqlite:///" + os.path.join(WORKSPACE, "gradebook.db"))
c.CourseDirectory.ignore = [".ipynb_checkpoints", "*.pyc", "__pycache__"]
c.Execute.timeout = int(os.environ.get("AUTOGRAD_CELL_TIMEOUT", "120"))
# Always the "python3" kernel, whatever a submission's metadata says: `python -m grading`
# installs a python3 kernel spec with memory and CPU limits in the workspace.
c.Execute.kernel_name = "python3"
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
# A deleted test cell is re-added from the gradebook (and scores what the answer deserves).
c.OverwriteCells.add_missing_cells = True

# Feedback must not show hidden tests.
from nbgrader.preprocessors import ClearHiddenTests, GetGrades  # noqa: E402
from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor  # noqa: E402

from grading.feedback import ShowVerdicts  # noqa: E402

c.GenerateFeedback.preprocessors = [GetGrades, ClearHiddenTests, ShowVerdicts, CSSHTMLHeaderPreprocessor]
