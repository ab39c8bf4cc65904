"""The checks' messages in the student's language: gettext catalogues read at run time.

The course's translations live in ``i18n/<lang>/*.po`` (one catalogue per notebook, plus
``checks.po`` for the messages of this package and of the grader's feedback). A notebook's test
cells are the same code in every edition, so their hints are English string literals; this
module translates a message when it is shown. A catalogue entry whose English text has Python
placeholders (``{0}``, ``{1}``, from an f-string such as ``f"off by the same factor {r:.6g}"``)
matches any message of that shape and puts the values into the translation.

The language is ``AUTOGRAD_LANG`` if set (the grader sets it from the submitted notebook; ``make
lab COURSE_LANG=zh_CN`` sets it for the lab), else the ``.course-language`` file of the
directory the kernel runs in (each Chinese assignment folder has one), else English.
"""
from __future__ import annotations

import functools
import os
import re
from pathlib import Path

CATALOGUES = Path(os.environ.get("AUTOGRAD_I18N_DIR") or Path(__file__).resolve().parent.parent / "i18n")
MARKER = ".course-language"
PLACEHOLDER = re.compile(r"\{(\d+)\}")
LANG_NAME = re.compile(r"^[a-z]{2}(_[A-Z]{2})?$")


def languages() -> list[str]:
    """The languages that have catalogues, e.g. ``["zh_CN"]`` (English is the source)."""
    if not CATALOGUES.is_dir():
        return []
    return sorted(p.name for p in CATALOGUES.iterdir() if p.is_dir() and LANG_NAME.match(p.name))


def current() -> str:
    """The language messages are shown in: ``"en"`` or one of :func:`languages`."""
    lang = os.environ.get("AUTOGRAD_LANG", "").strip()
    if not lang:
        try:
            lang = (Path.cwd() / MARKER).read_text().strip()
        except OSError:
            lang = ""
    return lang if lang in languages() else "en"


@functools.cache
def _table(lang: str):
    """(exact: {English: translation}, patterns: [(regex, translation)]) of every catalogue."""
    import polib  # only when a message is shown in another language
    exact, patterns = {}, []
    for po in sorted((CATALOGUES / lang).glob("*.po")):
        for e in polib.pofile(str(po)):
            if e.obsolete or "fuzzy" in e.flags or not e.msgstr or e.msgstr == e.msgid or e.msgctxt != "code":
                continue   # (an entry kept in English never stands in the way of a longer one)
            exact.setdefault(e.msgid, e.msgstr)
            if PLACEHOLDER.search(e.msgid):
                patterns.append((template_regex(e.msgid), e.msgstr, len(PLACEHOLDER.sub("", e.msgid))))
    patterns.sort(key=lambda p: -p[2])   # the most fixed text first: the most specific shape
    return exact, [(rx, msgstr) for rx, msgstr, _ in patterns]


def template_regex(msgid: str) -> re.Pattern:
    """A regular expression matching the messages an English template with ``{n}`` produces."""
    parts = PLACEHOLDER.split(msgid)
    out = []
    for i, part in enumerate(parts):
        out.append(re.escape(part) if i % 2 == 0 else f"(?P<p{part}>.*?)")
    return re.compile("".join(out) + r"\Z", re.DOTALL)


def translate(text, lang: str | None = None, _depth: int = 0):
    """``text`` in ``lang`` (default: :func:`current`) if a catalogue has it, else ``text``.
    The values a template's placeholders take are translated too (a case name inside a label)."""
    if not isinstance(text, str) or not text or _depth > 2:
        return text
    lang = lang or current()
    if lang == "en":
        return text
    exact, patterns = _table(lang)
    if text in exact:
        return exact[text]
    for rx, msgstr in patterns:
        m = rx.match(text)
        if m:
            values = {k: translate(v, lang, _depth + 1) for k, v in m.groupdict().items()}
            return PLACEHOLDER.sub(lambda k: values.get(f"p{k.group(1)}", k.group(0)), msgstr)
    return _pieces(text, exact)


def _pieces(text: str, exact: dict) -> str:
    """A message joined from known messages (``hint_a + "; " + hint_b``), translated piece by
    piece: at each position the longest known message wins; only separators may be left over."""
    starts: dict[str, list[str]] = {}
    for msgid in exact:
        if len(msgid) >= 12:
            starts.setdefault(msgid[:12], []).append(msgid)
    out, i, rest, found = [], 0, [], False
    while i < len(text):
        best = max((m for m in starts.get(text[i:i + 12], ()) if text.startswith(m, i)), key=len, default=None)
        if best is None:
            rest.append(text[i])
            out.append(text[i])
            i += 1
        else:
            out.append(exact[best])
            i += len(best)
            found = True
    left = "".join(rest)
    return "".join(out) if found and len(re.findall(r"[A-Za-z]{2,}", left)) <= 2 else text
