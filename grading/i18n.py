"""Translated editions of the course from gettext catalogues (``i18n/<lang>/<assignment>.po``).

What is translated: every markdown cell of a notebook (one catalogue entry per cell, its
context the cell's id) and the human-facing strings of the notebook's test and helper cells and
of its ``autograd_checks.lessons`` module (context ``code``: hints and case names, translated in
the kernel when a check shows them, see :mod:`autograd_checks.i18n`). ``checks.po`` holds the
messages of ``autograd_checks`` itself and of the grader's feedback. Code cells are never
changed: a translated notebook has the English notebook's code cells, grade ids and checksums.

Keeping editions in step (``python -m grading i18n update``), as gettext's ``msgmerge`` does:
an entry whose English text is unchanged keeps its translation; a cell whose text changed keeps
its old translation marked *fuzzy* with the previous English text beside it (``#| msgid``), so
it is never silently stale (a string of the checks edited in place, recognised by its cell and
its likeness, likewise); a cell that moved or a string that is used elsewhere keeps its
translation; entries whose English is gone are kept as obsolete (``#~``) for reuse. A release
builds the translated notebooks from ``course/`` and the catalogues; ``status`` lists what is
missing or fuzzy (a test fails on any).
"""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import polib

from autograd_checks.i18n import MARKER

REPO = Path(__file__).resolve().parent.parent
I18N = REPO / "i18n"
LESSONS = REPO / "autograd_checks" / "lessons"
CHECKS_SOURCES = (REPO / "autograd_checks" / "__init__.py", REPO / "grading" / "feedback.py")
CHECKS = "checks"                      # the catalogue of the shared messages
CODE = "code"                          # msgctxt of strings from code
WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass
class Entry:
    ctxt: str
    msgid: str
    where: list[tuple[str, str]] = field(default_factory=list)
    comment: str = ""


# ---- what is translated -------------------------------------------------------------------

def _template(node) -> str | None:
    """A string literal's text, an f-string as a template with ``{0}``, ``{1}``, ... (None if
    neither)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out, n = [], 0
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(str(v.value))
            else:
                out.append("{%d}" % n)
                n += 1
        return "".join(out)
    return None


def is_prose(text: str) -> bool:
    """Whether a string is a sentence for a person (three words or more), not code or a name."""
    plain = re.sub(r"\{\d+\}", " ", text)
    return " " in plain.strip() and len(WORD.findall(plain)) >= 3 and not plain.lstrip().startswith(("#", "import "))


def code_strings(source: str) -> list[tuple[str, int]]:
    """The prose string literals of ``source`` (docstrings and f-string parts excluded), with lines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
    marked = set()   # the first argument of translate(...) / tr(...): always a message
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and getattr(node.func, "id", None) in ("translate", "tr"):
            marked.add(id(node.args[0]))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        text = _template(node)
        if text is not None and (is_prose(text) or id(node) in marked):
            out.append((text, node.lineno))
    return sorted(out, key=lambda t: t[1])


def _nbgrader(cell) -> dict:
    return cell.metadata.get("nbgrader", {}) or {}


def entries(assignment: str, source: Path | None = None) -> list[Entry]:
    """The catalogue entries of one assignment: markdown cells, then strings of its checks."""
    if assignment == CHECKS:
        return _merge_code([(p.relative_to(REPO).as_posix(), text, line)
                            for p in CHECKS_SOURCES for text, line in code_strings(p.read_text())])
    nb = nbformat.read(source or REPO / "solutions" / assignment / f"{assignment}.ipynb", as_version=4)
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and cell.source.strip():
            out.append(Entry(cell.id, cell.source, [(f"cell {i}", "")], comment=f"markdown cell {i}"))
    found = []
    for i, cell in enumerate(nb.cells):
        meta = _nbgrader(cell)
        if cell.cell_type == "code" and (meta.get("grade") or meta.get("locked")) and not meta.get("solution"):
            found += [(meta.get("grade_id") or f"cell {i}", t, line) for t, line in code_strings(cell.source)]
    lesson = LESSONS / f"nb{assignment[:2]}.py"
    if lesson.is_file():
        found += [(lesson.relative_to(REPO).as_posix(), t, line) for t, line in code_strings(lesson.read_text())]
    return out + _merge_code(found)


def _merge_code(found) -> list[Entry]:
    by_text: dict[str, Entry] = {}
    for where, text, line in found:
        by_text.setdefault(text, Entry(CODE, text)).where.append((where, str(line)))
    return list(by_text.values())


def assignments() -> list[str]:
    src = REPO / "solutions"
    return sorted(p.name for p in src.iterdir() if (p / f"{p.name}.ipynb").is_file()) + [CHECKS]


def catalogue_path(lang: str, assignment: str) -> Path:
    return I18N / lang / f"{assignment}.po"


# ---- keeping catalogues in step -----------------------------------------------------------

def update(lang: str, assignment: str, source: Path | None = None, path: Path | None = None) -> dict[str, int]:
    """Merge the English text of ``assignment`` (its notebook, or ``source``) into its ``lang``
    catalogue (or ``path``), see the module docstring; returns counts of kept, fuzzy, new and
    obsolete entries."""
    path = path or catalogue_path(lang, assignment)
    old = polib.pofile(str(path)) if path.is_file() else polib.POFile()
    live = [e for e in old if not e.obsolete]
    by_key = {(e.msgctxt, e.msgid): e for e in live}
    by_ctxt = {e.msgctxt: e for e in live if e.msgctxt != CODE}
    by_text = {e.msgid: e for e in old if e.msgstr}
    po = polib.POFile(wrapwidth=0)
    po.metadata = old.metadata or {"Project-Id-Version": f"inside-autograd {assignment}", "Language": lang,
                                   "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
                                   "Content-Transfer-Encoding": "8bit"}
    counts = {"kept": 0, "fuzzy": 0, "new": 0, "obsolete": 0}
    used = set()
    english = entries(assignment, source)
    wanted = {en.msgid for en in english if en.ctxt == CODE}
    gone = [e for e in live if e.msgctxt == CODE and e.msgstr and e.msgid not in wanted]
    for en in english:
        e = polib.POEntry(msgctxt=en.ctxt, msgid=en.msgid, comment=en.comment,
                          occurrences=[w for w in en.where if en.ctxt == CODE])
        prev = by_key.get((en.ctxt, en.msgid))
        if prev is not None:
            e.msgstr, e.flags, e.previous_msgid = prev.msgstr, list(prev.flags), prev.previous_msgid
            counts["fuzzy" if "fuzzy" in prev.flags else "kept"] += 1
        elif en.ctxt in by_ctxt and by_ctxt[en.ctxt].msgstr:
            prev = by_ctxt[en.ctxt]       # the same cell, its English edited: keep, mark fuzzy
            e.msgstr, e.flags, e.previous_msgid = prev.msgstr, ["fuzzy"], prev.previous_msgid or prev.msgid
            counts["fuzzy"] += 1
        elif en.msgid in by_text:         # moved, or the same string elsewhere
            prev = by_text[en.msgid]
            e.msgstr, e.flags = prev.msgstr, list(prev.flags)
            counts["fuzzy" if "fuzzy" in prev.flags else "kept"] += 1
        elif en.ctxt == CODE and (prev := _edited(en, gone, used)) is not None:
            e.msgstr, e.flags, e.previous_msgid = prev.msgstr, ["fuzzy"], prev.msgid   # a string edited in place
            counts["fuzzy"] += 1
        else:
            counts["new"] += 1
        if prev is not None:
            used.add(id(prev))
            e.tcomment = prev.tcomment
        po.append(e)
    for prev in old:
        if id(prev) not in used and prev.msgstr:
            prev.obsolete = True
            po.append(prev)
            counts["obsolete"] += 1
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".po.tmp")
    po.save(str(tmp))
    tmp.replace(path)
    return counts


def glossary(lang: str) -> list[tuple[str, str]]:
    """(English term, translation) pairs of ``i18n/<lang>/glossary.tsv``, longest term first."""
    rows = []
    for line in (I18N / lang / "glossary.tsv").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            en, zh, *_ = line.split("\t")
            rows.append((en.strip(), zh.strip()))
    return sorted(rows, key=lambda r: -len(r[0]))


_LITERAL = re.compile(r"```.*?```|`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|<[^>]*>|\(https?:[^)]*\)", re.DOTALL)


def off_glossary(lang: str, msgid: str, msgstr: str) -> list[str]:
    """The glossary terms the English text uses (outside code, math and links) whose agreed
    translation the translation lacks."""
    prose = _LITERAL.sub(" ", msgid)
    out = []
    for en, zh in glossary(lang):
        if re.search(rf"(?<![\w-]){re.escape(en)}(?![\w-])", prose, re.IGNORECASE) and zh not in msgstr:
            out.append(f"{en} -> {zh}")
            prose = re.sub(rf"(?<![\w-]){re.escape(en)}(?![\w-])", " ", prose, flags=re.IGNORECASE)
    return out


_FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
_PARTS = {
    "code blocks": _FENCE,
    "inline code": re.compile(r"`[^`]+`"),   # (a span may wrap onto the next line)
    "display math": re.compile(r"\$\$.*?\$\$", re.DOTALL),
    "inline math": re.compile(r"(?<![$\\])\$(?!\$)[^$]+?(?<!\\)\$"),   # (may wrap too)
    "links": re.compile(r"\]\(([^)\s]+)\)"),
    "html tags": re.compile(r"</?[a-zA-Z][^>]*>"),
    "placeholders": re.compile(r"\{\d+\}"),
}


def structure(text: str) -> dict[str, list[str]]:
    """What a translation must carry over unchanged: code, math, links, tags, placeholders (as
    sorted lists) and the heading levels in order."""
    out = {}
    rest = text
    for kind, rx in _PARTS.items():
        found = rx.findall(rest)
        out[kind] = sorted(found)
        if kind in ("code blocks", "inline code", "display math", "inline math"):
            rest = rx.sub(" ", rest)
    out["headings"] = [m.group(1) for m in re.finditer(r"^(#{1,6}) ", _FENCE.sub("", text), re.MULTILINE)]
    return out


def broken(msgid: str, msgstr: str) -> list[str]:
    """How a translation's Markdown/LaTeX/code differs from the English (empty if it does not)."""
    a, b = structure(msgid), structure(msgstr)
    return [f"{k}: {sorted(set(a[k]) - set(b[k]))[:2] or a[k][:2]} != {sorted(set(b[k]) - set(a[k]))[:2] or b[k][:2]}"
            for k in a if a[k] != b[k]]


def _edited(en: Entry, gone: list, used: set):
    """The string that ``en`` replaced, if any: one that disappeared from the same cell or file
    and reads mostly alike (difflib ratio >= 0.6)."""
    import difflib
    places = {w[0] for w in en.where}
    best, score = None, 0.6
    for e in gone:
        if id(e) in used or not places & {o[0] for o in e.occurrences}:
            continue
        r = difflib.SequenceMatcher(None, e.msgid, en.msgid).ratio()
        if r >= score:
            best, score = e, r
    return best


def status(lang: str, assignment: str, source: Path | None = None, path: Path | None = None) -> dict[str, list[str]]:
    """What a catalogue lacks against the current English: missing and fuzzy entries, each as
    ``ctxt: first words``; ``terms``, translations that leave out a glossary term the English
    uses; and ``stale``, the entries the catalogue has that English no longer has."""
    path = path or catalogue_path(lang, assignment)
    po = polib.pofile(str(path)) if path.is_file() else polib.POFile()
    have = {(e.msgctxt, e.msgid): e for e in po if not e.obsolete}
    out = {"missing": [], "fuzzy": [], "broken": [], "terms": [], "stale": []}
    want = set()
    for en in entries(assignment, source):
        key = (en.ctxt, en.msgid)
        want.add(key)
        e = have.get(key)
        label = f"{en.ctxt}: {en.msgid[:60]!r}"
        if e is None or not e.msgstr:
            out["missing"].append(label)
        elif "fuzzy" in e.flags:
            out["fuzzy"].append(label)
        else:
            out["broken"] += [f"{label}: {b}" for b in broken(e.msgid, e.msgstr)]
            if e.msgstr != e.msgid and "no-glossary" not in e.tcomment:
                out["terms"] += [f"{label}: {t}" for t in off_glossary(lang, e.msgid, e.msgstr)]
    out["stale"] = [f"{k[0]}: {k[1][:60]!r}" for k in have if k not in want]
    return out


# ---- building a translated edition --------------------------------------------------------

def translate_notebook(nb, lang: str, assignment: str, path: Path | None = None) -> tuple[object, list[str]]:
    """``nb`` with its markdown cells in ``lang`` (code cells untouched); the cells left in
    English (no translation, or a fuzzy one) are returned by id."""
    path = path or catalogue_path(lang, assignment)
    po = polib.pofile(str(path)) if path.is_file() else []
    table = {(e.msgctxt, e.msgid): e.msgstr for e in po
             if not e.obsolete and e.msgstr and "fuzzy" not in e.flags}
    left = []
    for cell in nb.cells:
        if cell.cell_type != "markdown" or not cell.source.strip():
            continue
        text = table.get((cell.id, cell.source))
        if text is None:
            left.append(cell.id)
        else:
            cell.source = text
    nb.metadata["autograd_course"] = {"language": lang}
    return nb, left


def release_dir(lang: str, root: Path = REPO) -> Path:
    return root / f"course-{lang}"


def build(lang: str, english: Path, into: Path, assignment_ids: list[str]) -> dict[str, list[str]]:
    """The ``lang`` edition of the released notebooks in ``english`` (``course/``), into ``into``;
    returns the cells left in English per assignment. Files besides the notebook are copied."""
    import shutil
    left = {}
    for a in assignment_ids:
        src, dst = english / a, into / a
        if not (src / f"{a}.ipynb").is_file():
            continue
        tmp = into / f".{a}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(src, tmp, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        nb = nbformat.read(tmp / f"{a}.ipynb", as_version=4)
        nb, left[a] = translate_notebook(nb, lang, a)
        nbformat.write(nb, tmp / f"{a}.ipynb")
        (tmp / MARKER).write_text(lang + "\n")
        shutil.rmtree(dst, ignore_errors=True)
        tmp.replace(dst)
    return left


def notebook_language(path: Path) -> str:
    """The language a (submitted) notebook says it is in; ``"en"`` unless a known one."""
    from autograd_checks.i18n import languages
    try:
        lang = json.loads(Path(path).read_text()).get("metadata", {}).get("autograd_course", {}).get("language")
    except (OSError, ValueError, AttributeError):
        return "en"
    return lang if isinstance(lang, str) and lang in languages() else "en"


def main(argv=None) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="python -m grading.i18n", description=__doc__.split("\n")[0])
    p.add_argument("command", choices=["update", "status"])
    p.add_argument("--lang", default="zh_CN")
    p.add_argument("--show", type=int, default=5, help="how many problems to list per kind")
    p.add_argument("assignments", nargs="*", help="default: every notebook and checks")
    args = p.parse_intermixed_args(argv)
    bad = 0
    for a in args.assignments or assignments():
        if args.command == "update":
            print(a, update(args.lang, a))
        else:
            s = status(args.lang, a)
            kinds = ("missing", "fuzzy", "broken", "terms")
            bad += sum(len(s[k]) for k in kinds)
            print(f"{a}: " + ", ".join(f"{len(s[k])} {k}" for k in kinds))
            for k in kinds:
                for label in s[k][:args.show]:
                    print(f"  {k}: {label}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
