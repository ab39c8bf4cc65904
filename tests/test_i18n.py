"""The Chinese edition: complete, in step with the English source, same code, same checks.

The catalogues (i18n/<lang>/*.po, grading.i18n) must hold a current, non-fuzzy translation of
every markdown cell and every message of the checks, carrying code, math, links and placeholders
over unchanged and following the glossary; course-<lang>/ must be what a release builds from
course/ and them (same code cells, grade ids and checksums). The merge keeps them in step: an
edited English cell turns its translation fuzzy, and a fuzzy translation is never shipped.
"""
from __future__ import annotations

import json
import os

import nbformat
import polib
import pytest

from autograd_checks import i18n as rt
from grading import i18n
from grading.config import REPO

LANGS = rt.languages()
NOTEBOOKS = [a for a in i18n.assignments() if a != i18n.CHECKS]
CATALOGUES = [(lang, a) for lang in LANGS for a in i18n.assignments()]


def test_the_chinese_edition_exists():
    assert "zh_CN" in LANGS, f"no i18n/zh_CN catalogues ({rt.CATALOGUES})"
    assert (REPO / "README.zh-CN.md").is_file()
    assert "README.zh-CN.md" in (REPO / "README.md").read_text().split("\n\n")[0] + (REPO / "README.md").read_text()[:600]


@pytest.mark.parametrize("lang,a", CATALOGUES)
def test_catalogue_is_complete_and_current(lang, a):
    s = i18n.status(lang, a)
    for kind in ("missing", "fuzzy", "broken", "terms"):
        assert not s[kind], (f"i18n/{lang}/{a}.po: {len(s[kind])} {kind} entries, e.g. {s[kind][:3]}; "
                             f"see `python -m grading.i18n status --lang {lang} {a}`")


@pytest.mark.parametrize("lang,a", CATALOGUES)
def test_catalogue_is_merged(lang, a):
    """The file holds exactly the entries `update` would write (nothing stale, nothing to add)."""
    po = polib.pofile(str(i18n.catalogue_path(lang, a)))
    live = [(e.msgctxt, e.msgid) for e in po if not e.obsolete]
    want = [(e.ctxt, e.msgid) for e in i18n.entries(a)]
    assert live == want, f"i18n/{lang}/{a}.po is not merged with the English: run `python -m grading.i18n update {a}`"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("a", NOTEBOOKS)
def test_edition_is_built_from_course_and_catalogue(tmp_path, lang, a):
    """course-<lang>/<a> is the release's build: markdown translated, every code cell (source,
    outputs, nbgrader metadata with grade ids and checksums) identical to course/<a>."""
    built = i18n.build(lang, REPO / "course", tmp_path, [a])
    assert built[a] == [], f"{a}: cells left in English: {built[a]}"
    committed = REPO / i18n.release_dir(lang).name / a / f"{a}.ipynb"
    assert committed.is_file(), f"{committed} missing: run `python -m grading release`"
    fresh, ours = (nbformat.read(p, as_version=4) for p in (tmp_path / a / f"{a}.ipynb", committed))
    english = nbformat.read(REPO / "course" / a / f"{a}.ipynb", as_version=4)
    assert [c.source for c in fresh.cells] == [c.source for c in ours.cells], \
        f"{committed} is stale: run `python -m grading release`"
    assert (REPO / i18n.release_dir(lang).name / a / rt.MARKER).read_text().strip() == lang
    assert [(c.id, c.cell_type) for c in ours.cells] == [(c.id, c.cell_type) for c in english.cells]
    for mine, theirs in zip(ours.cells, english.cells):
        if mine.cell_type == "code":
            assert (mine.source, mine.metadata, mine.get("outputs")) == \
                   (theirs.source, theirs.metadata, theirs.get("outputs")), f"{a}: code cell {mine.id} differs"
        else:
            assert mine.metadata.get("nbgrader") == theirs.metadata.get("nbgrader")
    assert ours.metadata["autograd_course"] == {"language": lang}


# -- the merge: an edited English cell turns fuzzy, never silently stale -----------------------

def _tiny(path, cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(t, id=f"m{i}") if k == "md" else nbformat.v4.new_code_cell(t, id=f"k{i}")
                for i, (k, t) in enumerate(cells)]
    nbformat.write(nb, path)
    return path


def _translate_all(po_path, table):
    po = polib.pofile(str(po_path))
    for e in po:
        e.msgstr = table.get(e.msgid, e.msgstr)
    po.save()


def test_editing_an_english_cell_marks_its_translation_fuzzy(tmp_path):
    src, po = tmp_path / "x.ipynb", tmp_path / "x.po"
    _tiny(src, [("md", "The **chain rule** at work: $y = f(g(x))$."), ("md", "A second cell about the graph.")])
    assert i18n.update("zh_CN", "x", src, po) == {"kept": 0, "fuzzy": 0, "new": 2, "obsolete": 0}
    _translate_all(po, {"The **chain rule** at work: $y = f(g(x))$.": "**链式法则**的应用：$y = f(g(x))$。",
                        "A second cell about the graph.": "关于图的第二个单元格。"})
    assert not any(i18n.status("zh_CN", "x", src, po)[k] for k in ("missing", "fuzzy", "broken"))

    # Edit the first cell and move the second: the first turns fuzzy, the second is kept.
    _tiny(src, [("md", "A second cell about the graph."), ("md", "The **chain rule**, at work: $y = f(g(x))$.")])
    nb = nbformat.read(src, as_version=4)
    nb.cells[0].id, nb.cells[1].id = "m9", "m0"
    nbformat.write(nb, src)
    assert i18n.update("zh_CN", "x", src, po) == {"kept": 1, "fuzzy": 1, "new": 0, "obsolete": 0}
    entry = next(e for e in polib.pofile(str(po)) if e.msgctxt == "m0")
    assert "fuzzy" in entry.flags and entry.previous_msgid == "The **chain rule** at work: $y = f(g(x))$."
    assert i18n.status("zh_CN", "x", src, po)["fuzzy"], "status does not report the fuzzy entry"
    # A fuzzy translation is not shipped: that cell stays English in the edition.
    out, left = i18n.translate_notebook(nbformat.read(src, as_version=4), "zh_CN", "x", po)
    assert left == ["m0"] and out.cells[1].source.startswith("The **chain rule**,")
    assert out.cells[0].source == "关于图的第二个单元格。"


def test_a_translation_that_breaks_code_or_math_is_reported():
    assert i18n.broken("Call `x.backward()` on $L$.", "调用 x.backward() 计算 $L$。")
    assert i18n.broken("## 3. Title\n$$a$$", "### 3. 标题\n$$a$$")
    assert i18n.broken("off by {0}", "相差")
    assert not i18n.broken("Call `x.backward()` on $L$, see [docs](https://pytorch.org).",
                           "在 $L$ 上调用 `x.backward()`，见[文档](https://pytorch.org)。")


def test_glossary_terms_are_enforced():
    assert i18n.off_glossary("zh_CN", "Walk the computational graph.", "遍历这张图。") == ["computational graph -> 计算图"]
    assert i18n.off_glossary("zh_CN", "Walk the computational graph.", "遍历计算图。") == []
    assert i18n.off_glossary("zh_CN", "Use `leaf` here.", "此处用 `leaf`。") == []  # code is not prose


# -- the checks speak the student's language -------------------------------------------------

def test_messages_with_values_are_translated_by_template():
    assert rt.template_regex("off by the same factor {0} everywhere").match("off by the same factor 2.5 everywhere")
    zh = rt.translate("off by the same factor 2.5 everywhere", "zh_CN")
    assert zh != "off by the same factor 2.5 everywhere" and "2.5" in zh
    assert rt.translate("no such message anywhere in the course", "zh_CN") == "no such message anywhere in the course"


def test_the_kernel_language_comes_from_the_edition_folder(tmp_path, monkeypatch):
    from autograd_checks import check_close
    monkeypatch.delenv("AUTOGRAD_LANG", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(AssertionError) as english:
        check_close("case", [1.0, 2.0], [2.0, 4.0])
    (tmp_path / rt.MARKER).write_text("zh_CN\n")
    assert rt.current() == "zh_CN"
    with pytest.raises(AssertionError) as chinese:
        check_close("case", [1.0, 2.0], [2.0, 4.0])
    assert "Hint" in str(english.value) and "Hint" not in str(chinese.value)
    assert rt.translate("Hint", "zh_CN") in str(chinese.value)
    (tmp_path / rt.MARKER).write_text("xx_YY\n")   # an unknown language falls back to English
    assert rt.current() == "en"
    monkeypatch.setenv("AUTOGRAD_LANG", "zh_CN")
    assert rt.current() == "zh_CN"


def test_grader_feedback_is_in_the_submissions_language():
    from grading.feedback import explain, language
    ex = {"score": 2.0, "points": 2.0, "status": "match"}
    assert explain(ex).endswith("(every case passed)")
    zh = explain(ex, "zh_CN")
    assert "2" in zh and "every case" not in zh
    nb = nbformat.v4.new_notebook(metadata={"autograd_course": {"language": "zh_CN"}})
    assert language(nb) == "zh_CN"
    nb.metadata["autograd_course"] = {"language": "../../etc"}
    assert language(nb) == "en"


def test_jail_can_read_the_catalogues():
    from grading import jail
    assert rt.CATALOGUES.resolve() in jail.read_only_paths() or any(
        rt.CATALOGUES.resolve().is_relative_to(p) for p in jail.read_only_paths())


def test_make_lab_opens_the_chinese_edition_in_chinese():
    import subprocess
    out = subprocess.run(["make", "-n", "-s", "lab", "COURSE_LANG=zh_CN"], cwd=REPO, capture_output=True,
                         text=True, timeout=60).stdout
    assert "default_url=/lab/tree/course-zh_CN" in out
    assert "tools/student-lab-zh_CN" in out
    cfg = json.loads((REPO / "tools/student-lab-zh_CN/labconfig/default_setting_overrides.json").read_text())
    assert cfg["@jupyterlab/translation-extension:plugin"]["locale"] == "zh_CN"
    import importlib.metadata
    assert importlib.metadata.version("jupyterlab-language-pack-zh-CN")
    assert os.path.isdir(REPO / "course-zh_CN")


def test_editing_a_hint_in_a_test_cell_marks_its_translation_fuzzy(tmp_path):
    src, po = tmp_path / "x.ipynb", tmp_path / "x.po"

    def write(hint):
        nb = nbformat.v4.new_notebook()
        cell = nbformat.v4.new_code_cell(f"check_true('case one', ok, hint={hint!r})", id="t0")
        cell.metadata["nbgrader"] = {"grade": True, "grade_id": "test_x", "locked": True, "points": 1}
        nb.cells = [cell]
        nbformat.write(nb, src)
    write("the walk visits a node twice: keep a set of visited nodes")
    i18n.update("zh_CN", "x", src, po)
    _translate_all(po, {"the walk visits a node twice: keep a set of visited nodes": "遍历两次访问了同一个节点：用集合记录已访问的节点"})
    write("the walk expands a node twice: keep a set of the visited nodes")
    assert i18n.update("zh_CN", "x", src, po)["fuzzy"] == 1
    e = next(e for e in polib.pofile(str(po)) if not e.obsolete and e.msgid.startswith("the walk expands"))
    assert "fuzzy" in e.flags and e.previous_msgid.startswith("the walk visits") and e.msgstr
    assert i18n.status("zh_CN", "x", src, po)["fuzzy"]
