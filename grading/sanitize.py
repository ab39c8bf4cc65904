"""Student notebooks made safe to show: no script from a submission runs in a browser.

The Formgrader renders markdown cells without nbconvert's sanitizer (its own template), and
nbconvert's sanitizer keeps so few tags (no paragraphs, headings, images or tables) that
feedback would be unreadable with it. So the grader sanitizes the *data*: the autograded
notebook that the Formgrader shows and the feedback is made from is rewritten with

- every markdown cell rendered by nbconvert's own markdown2html, cleaned by bleach with an
  allow-list of tags, attributes and URL schemes, and stored as that HTML, but only once
  :func:`is_safe` confirms that rendering the stored text again yields nothing outside the
  allow-list (otherwise the cell is shown as escaped text);
- every ``text/html`` and ``text/markdown`` output cleaned the same way; SVG kept only as an
  ``<img>`` data URL (scripts in an SVG image never run); JavaScript, widget and any other
  active output removed;
- the fields nbconvert's templates write into the page without escaping or quoting, which the
  student's kernel controls, reduced to what they should be: prompt numbers to integers, image
  data to base64, image metadata to integer sizes (``width=`` is written unquoted);
- cell attachments dropped (the stored markdown is HTML and needs none) and nbgrader metadata
  kept only on cells whose grade_id the assignment really has.

A markdown cell that cannot be rendered (a missing attachment, a renderer error) is shown as
escaped text: sanitizing never fails on a submission.
"""
from __future__ import annotations

import base64
import functools
import html
import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import bleach
from nbconvert.filters.markdown import markdown2html

TAGS = frozenset("""a abbr b blockquote br caption code col colgroup dd del details div dl dt em
    h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q s samp small span strike strong sub
    summary sup table tbody td tfoot th thead tr tt u ul var""".split())
ATTRS = {"*": {"class", "title", "align"}, "a": {"href"}, "img": {"src", "alt", "width", "height"},
         "td": {"colspan", "rowspan"}, "th": {"colspan", "rowspan", "scope"}, "ol": {"start"}}
IMAGE_DATA = re.compile(r"^data:image/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]*$")
BASE64 = re.compile(r"^[A-Za-z0-9+/=\s]*$")
SAFE_MIME = ("text/plain", "text/latex", "image/png", "image/jpeg", "image/gif")


def _safe_url(tag: str, name: str, value: str) -> bool:
    v = value.strip()
    if tag == "img" and name == "src" and IMAGE_DATA.match(v):
        return True
    scheme = urlsplit(v).scheme.lower() if ":" in v else ""
    if re.search(r"[\x00-\x20]", v.split(":", 1)[0]):  # "java\tscript:" tricks
        return False
    return scheme in ("", "http", "https") or (tag == "a" and scheme == "mailto")


def _allowed(tag: str, name: str, value: str) -> bool:
    if name not in ATTRS.get(tag, set()) | ATTRS["*"]:
        return False
    return _safe_url(tag, name, value) if name in ("href", "src") else True


_cleaner = bleach.Cleaner(tags=TAGS, attributes=_allowed, protocols=["http", "https", "mailto", "data"],
                          strip=True, strip_comments=True)


def clean(fragment: str) -> str:
    """An HTML fragment with everything outside the allow-list removed."""
    return _cleaner.clean(fragment)


class _Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bad: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in TAGS:
            self.bad.append(tag)
        for name, value in attrs:
            if not _allowed(tag, name, value or ""):
                self.bad.append(f"{tag}[{name}]")

    handle_startendtag = handle_starttag

    def handle_comment(self, data):
        self.bad.append("comment")

    def handle_decl(self, decl):
        self.bad.append("declaration")

    def handle_pi(self, data):
        self.bad.append("processing instruction")

    def unknown_decl(self, data):
        self.bad.append("declaration")


def is_safe(fragment: str) -> bool:
    """True when ``fragment`` holds only allowed tags, attributes and URLs."""
    checker = _Check()
    checker.feed(fragment)
    checker.close()
    return not checker.bad


def _escaped(source: str) -> str:
    return "<pre>" + html.escape(source) + "</pre>"


@functools.lru_cache(maxsize=4096)   # a class's submissions share most of their markdown cells
def markdown(source: str) -> str:
    """A markdown cell's source as stored for display: cleaned HTML whose own rendering is safe
    (the Formgrader renders it again, without attachments), else the source as escaped text."""
    try:
        out = clean(markdown2html(source))
        if is_safe(markdown2html(out)):
            return out
    except Exception:  # noqa: BLE001  (a missing attachment, a renderer error: show it as text)
        pass
    return _escaped(source)


def _count(value):
    """A prompt number as the templates may write it (unescaped): an int, or None."""
    return value if type(value) is int else None


def _image_metadata(meta) -> dict:
    """Image sizes only, as integers: nbconvert writes ``width=`` and ``height=`` unquoted."""
    if not isinstance(meta, dict):
        return {}
    return {k: v for k, v in meta.items() if k in ("width", "height") and type(v) is int}


def _output(out: dict) -> dict | None:
    if "execution_count" in out:
        out["execution_count"] = _count(out["execution_count"])
    if out.get("output_type") not in ("display_data", "execute_result"):
        return out
    data, kept = out.get("data", {}), {}
    for mime, value in data.items():
        text = "".join(value) if isinstance(value, list) else value
        if not isinstance(text, str):
            continue
        if mime.startswith("image/") and mime in SAFE_MIME:
            if BASE64.match(text):
                kept[mime] = value
        elif mime in SAFE_MIME:
            kept[mime] = value
        elif mime == "text/html":
            kept[mime] = clean(text)
        elif mime == "text/markdown":
            kept["text/html"] = markdown(text)
        elif mime == "image/svg+xml":
            b64 = base64.b64encode(text.encode()).decode()
            kept["text/html"] = f'<img src="data:image/svg+xml;base64,{b64}" alt="figure">'
    if not kept:
        kept["text/plain"] = "[output removed by the grader: " + ", ".join(sorted(data)) + "]"
    out["data"] = kept
    meta = out.get("metadata", {})
    out["metadata"] = {k: _image_metadata(meta[k]) for k in kept if k.startswith("image/") and k in meta}
    return out


def notebook(nb, grade_ids: set[str]):
    """Sanitize ``nb`` (an nbformat notebook) in place and return it."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader")
        if meta is not None and (not isinstance(meta, dict) or meta.get("grade_id") not in grade_ids):
            cell.metadata.pop("nbgrader")
        cell.pop("attachments", None)
        if cell.cell_type == "markdown":
            cell.source = markdown(cell.source)
        elif cell.cell_type == "raw":
            cell.source = html.escape(cell.source)
            cell.metadata.pop("format", None)
            cell.metadata.pop("raw_mimetype", None)
        elif cell.cell_type == "code":
            cell.execution_count = _count(cell.get("execution_count"))
            cell.outputs = [o for o in map(_output, cell.get("outputs", [])) if o is not None]
    return nb
