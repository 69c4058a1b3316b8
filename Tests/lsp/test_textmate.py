"""The TextMate grammar (Grammar/vedl.tmLanguage.json), checked with textmate-grammar-python:
the scope at chosen positions of a file that uses every construct."""

import json
import pathlib
import re

import pytest
from textmate_grammar.parsers.base import LanguageParser

GRAMMAR = pathlib.Path(__file__).resolve().parents[2] / "Grammar" / "vedl.tmLanguage.json"

SOURCE = """vedl 1
// a comment
param title: String = "Hello"
let intro = video("media/a.mp4")
canvas 1080x1920 fps: 29.97 background: #FF6600
track main {
  clip intro trim: 2s..6s id: opening speed: 2x volume: -12dB {
    crop 9:16 anchor: topLeading
    rotate 15deg
    opacity 80%
  }
  crossfade 1m30s
}
track overlay {
  text "Hi \\(title)!\\n" at: opening.end + 1s until: end { font "DejaVu Sans" size: 64 color: white }
}
export "out.mp4" quality: high at: 00:00:04:15 /* block /* nested */ still */
"""


@pytest.fixture(scope="module")
def tokens():
    parser = LanguageParser(json.loads(GRAMMAR.read_text()))
    element = parser.parse_string(SOURCE)
    assert element is not None
    return element.flatten()


def scopes_at(tokens, line: int, text: str, occurrence: int = 0):
    """The scopes of the token holding the first character of the `occurrence`-th `text`
    on (1-based) `line`."""
    source_line = SOURCE.split("\n")[line - 1]
    column = -1
    for _ in range(occurrence + 1):
        column = source_line.index(text, column + 1)
    best = None
    for (token_line, token_column), content, scopes in tokens:
        if token_line == line - 1 and token_column <= column < token_column + len(content):
            best = scopes
    assert best is not None, f"no token at {line}:{column} ({text!r})"
    return best


CASES = [
    (1, "vedl", "keyword.other.version.vedl"),
    (1, "1", "constant.numeric.version.vedl"),
    (2, "// a", "comment.line.double-slash.vedl"),
    (3, "param", "storage.type.param.vedl"),
    (3, "title", "variable.parameter.declaration.vedl"),
    (3, "String", "entity.name.type.vedl"),
    (3, "Hello", "string.quoted.double.vedl"),
    (4, "let", "storage.type.let.vedl"),
    (4, "intro", "variable.other.constant.declaration.vedl"),
    (4, "video", "support.function.vedl"),
    (4, "media", "string.quoted.double.vedl"),
    (5, "canvas", "keyword.other.statement.vedl"),
    (5, "1080x1920", "constant.numeric.size.vedl"),
    (5, "fps", "variable.parameter.label.vedl"),
    (5, "29.97", "constant.numeric.vedl"),
    (5, "#FF6600", "constant.other.color.rgb-value.vedl"),
    (6, "track", "keyword.other.statement.vedl"),
    (6, "main", "support.constant.enum.vedl"),
    (6, "{", "punctuation.section.block.begin.vedl"),
    (7, "clip", "keyword.other.statement.vedl"),
    (7, "intro", "variable.other.vedl"),
    (7, "trim", "variable.parameter.label.vedl"),
    (7, "2s", "constant.numeric.duration.vedl"),
    (7, "..", "keyword.operator.range.vedl"),
    (7, "2x", "constant.numeric.speed.vedl"),
    (7, "-", "keyword.operator.arithmetic.vedl"),
    (7, "12dB", "constant.numeric.gain.vedl"),
    (8, "crop", "keyword.other.statement.vedl"),
    (8, "9:16", "constant.numeric.ratio.vedl"),
    (8, "topLeading", "support.constant.enum.vedl"),
    (9, "15deg", "constant.numeric.angle.vedl"),
    (10, "80%", "constant.numeric.percent.vedl"),
    (12, "1m30s", "constant.numeric.duration.vedl"),
    (15, "text", "keyword.other.statement.vedl"),
    (15, "\\(", "punctuation.section.interpolation.begin.vedl"),
    (15, "title", "variable.other.vedl"),
    (15, "\\n", "constant.character.escape.vedl"),
    (15, "end", "variable.other.member.vedl"),
    (15, "end {", "constant.language.end.vedl"),
    (15, "font", "keyword.other.statement.vedl"),
    (15, "white", "support.constant.color.vedl"),
    (17, "export", "keyword.other.statement.vedl"),
    (17, "high", "support.constant.enum.vedl"),
    (17, "00:00:04:15", "constant.numeric.timecode.vedl"),
    (17, "nested", "comment.block.vedl"),
    (17, "still", "comment.block.vedl"),
]


@pytest.mark.parametrize("line,text,scope", CASES, ids=[f"{l}:{t}" for l, t, _ in CASES])
def test_scope_at(tokens, line, text, scope):
    scopes = scopes_at(tokens, line, text)
    assert scope in scopes, f"{text!r} on line {line}: {scopes}"
    assert scopes[0] == "source.vedl"


def test_interpolated_name_is_inside_the_string(tokens):
    scopes = scopes_at(tokens, 15, "title")
    assert "string.quoted.double.vedl" in scopes and "source.vedl.embedded" in scopes


def test_every_enumeration_case_of_the_schema_is_highlighted():
    """The grammar's list of words must cover the schema's enumerations (kept by hand)."""
    grammar = GRAMMAR.read_text()
    schema = (pathlib.Path(__file__).resolve().parents[2] / "Sources" / "VEDLSema").glob("Schema*.swift")
    words = set()
    for path in schema:
        for match in re.finditer(r'EnumerationType\(\s*"\w+",\s*\[([^\]]*)\]', path.read_text()):
            words.update(re.findall(r'"(\w+)"', match.group(1)))
    assert len(words) > 20, "the schema's enumerations were found"
    missing = sorted(w for w in words if f"|{w}|" not in grammar and f"(?:{w}|" not in grammar and f"|{w})" not in grammar)
    assert not missing, f"enumeration cases missing from the grammar: {missing}"
