"""The fuzzer's forms for the pointwise ops and scans (issue 12: _pointwise, _scans): the same Form table as fuzz.py's OPS,
kept in a file of their own. `forms(Form, both, F)` returns them (F: the text of
``L.nn.functional``); `grad2_ids()` names those whose second derivative the grad2 family checks."""


def forms(Form, both, F):
    return []


def grad2_ids():
    return set()
