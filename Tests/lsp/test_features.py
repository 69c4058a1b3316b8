"""Every feature of `vedl lsp`, driven by a real LSP client implementation (pygls)."""

import asyncio
import pathlib

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

DEMO = """vedl 1

param title: String = "Hello"

canvas 640x360 fps: 30

let bars = testpattern()
let night = color(#1E3A8A)

track main {
  clip bars duration: 3s id: opening
  crossfade 1s
  clip night duration: 4s id: closing {
    fade out: 500ms
  }
}

track overlay "titles" {
  text "\\(title) 👋" at: opening.start + 1s duration: 2s {
    position bottom margin: 24
  }
}

export "out/demo.mp4" quality: medium
"""


def doc(client: LanguageClient, name: str) -> str:
    return (client.workspace_folder / name).as_uri()


async def open_and_wait(client: LanguageClient, uri: str, text: str):
    """Opens a document and waits for its diagnostics."""
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="vedl", version=1, text=text)
        )
    )
    await wait_for_diagnostics(client, uri)


async def wait_for_diagnostics(client: LanguageClient, uri: str, timeout: float = 20):
    """Waits until diagnostics for `uri` have been published (the caller removes the old
    ones from `client.diagnostics` before the change that triggers them)."""

    async def published():
        while uri not in client.diagnostics:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(published(), timeout)


def position_of(text: str, needle: str, delta: int = 0) -> types.Position:
    """The protocol position (UTF-16) of `needle` in `text`."""
    index = text.index(needle)
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    character = len(text[start:index].encode("utf-16-le")) // 2
    return types.Position(line=line, character=character + delta)


def identifier(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


@pytest.mark.asyncio
async def test_diagnostics_have_codes_links_and_the_other_party(client: LanguageClient):
    uri = doc(client, "overlap.vedl")
    text = 'track overlay "t" {\n  text "a" at: 0s duration: 2s\n  text "b" at: 1s duration: 2s\n}\n'
    await open_and_wait(client, uri, text)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "E0404"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range.start == types.Position(line=2, character=2)
    assert diagnostic.code_description is not None
    assert diagnostic.code_description.href.endswith("/docs/diagnostics/E0404.md")
    others = [r for r in diagnostic.related_information if r.location.range.start.line == 1]
    assert others and others[0].location.uri == uri, "the other clip is related information"


@pytest.mark.asyncio
async def test_hover_shows_documentation_and_timing(client: LanguageClient):
    uri = doc(client, "demo.vedl")
    await open_and_wait(client, uri, DEMO)
    assert len(client.diagnostics[uri]) == 0
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=identifier(uri), position=position_of(DEMO, "clip night", 1))
    )
    text = hover.contents.value
    assert "A clip of a source" in text
    assert "**start** 00:00:02:00 · frame 60" in text
    assert "**end** 00:00:06:00 · frame 180" in text


@pytest.mark.asyncio
async def test_completion_in_context(client: LanguageClient):
    uri = doc(client, "complete.vedl")
    text = "track main {\n  clip testpattern() duration: 1s {\n    \n  }\n}\n"
    await open_and_wait(client, uri, text)
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=identifier(uri), position=types.Position(line=2, character=4))
    )
    labels = {item.label for item in result.items}
    assert {"crop", "mirror", "zoom"} <= labels
    assert "track" not in labels
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=identifier(uri), position=types.Position(line=1, character=34))
    )
    labels = {item.label for item in result.items}
    assert "trim:" in labels and "duration:" not in labels


@pytest.mark.asyncio
async def test_definition_references_and_rename(client: LanguageClient):
    uri = doc(client, "names.vedl")
    await open_and_wait(client, uri, DEMO)
    use = position_of(DEMO, "opening.start", 2)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=identifier(uri), position=use)
    )
    location = definition[0] if isinstance(definition, list) else definition
    assert location.range.start == position_of(DEMO, "opening")
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=identifier(uri), position=use, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert len(references) == 2
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=identifier(uri), position=use, new_name="intro")
    )
    assert len(edit.changes[uri]) == 2


@pytest.mark.asyncio
async def test_symbols_folding_and_tokens(client: LanguageClient):
    uri = doc(client, "outline.vedl")
    await open_and_wait(client, uri, DEMO)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=identifier(uri))
    )
    names = [s.name for s in symbols]
    assert "track main" in names
    if isinstance(symbols[0], types.DocumentSymbol):
        main = next(s for s in symbols if s.name == "track main")
        assert [c.name for c in main.children] == ["clip opening", "crossfade 1s", "clip closing"]
    else:
        assert "clip opening" in names
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=identifier(uri)))
    assert any(f.start_line == 9 for f in folds)
    tokens = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=identifier(uri))
    )
    assert len(tokens.data) % 5 == 0 and len(tokens.data) > 50


@pytest.mark.asyncio
async def test_formatting_inlay_hints_and_code_actions(client: LanguageClient):
    uri = doc(client, "edits.vedl")
    text = "track   main{\nclip testpattern()   duration: 1010ms\n}\n"
    await open_and_wait(client, uri, text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=identifier(uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)
        )
    )
    assert edits[0].new_text.startswith("track main {\n  clip testpattern() duration: 1010ms\n")
    [warning] = client.diagnostics[uri]
    assert warning.code == "W0401"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=identifier(uri), range=warning.range, context=types.CodeActionContext(diagnostics=[warning])
        )
    )
    assert actions[0].kind == types.CodeActionKind.QuickFix
    fixed = actions[0].edit.changes[uri][0]
    assert fixed.range == warning.range
    assert fixed.new_text != "1010ms"
    demo = doc(client, "hints.vedl")
    await open_and_wait(client, demo, DEMO)
    hints = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=identifier(demo),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=30, character=0)),
        )
    )
    labels = [h.label for h in hints]
    assert labels[:2] == ["00:00:00:00–00:00:03:00", "00:00:02:00–00:00:06:00"]


@pytest.mark.asyncio
async def test_incremental_edits_with_non_ascii(client: LanguageClient):
    uri = doc(client, "incremental.vedl")
    text = 'track overlay {\n  text "é👋" at: 0s duration: 1s id: a\n}\n'
    await open_and_wait(client, uri, text)
    assert len(client.diagnostics[uri]) == 0
    # Insert an unknown label right after the string holding `é👋`: UTF-16 column 12.
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(line=1, character=12), end=types.Position(line=1, character=12)),
                    text=" bogus: 1",
                )
            ],
        )
    )
    await wait_for_diagnostics(client, uri)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.range.start == types.Position(line=1, character=13)
    assert diagnostic.range.end == types.Position(line=1, character=18)


@pytest.mark.asyncio
async def test_media_facts_arrive_from_a_real_file(client: LanguageClient):
    uri = doc(client, "media.vedl")
    text = 'let a = video("media/clip.mp4")\ntrack main {\n  clip a trim: 0s..5s\n}\n'
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="vedl", version=1, text=text)
        )
    )

    async def trim_error():
        while not any(d.code == "E0406" for d in client.diagnostics.get(uri, [])):
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(trim_error(), 30)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=identifier(uri), position=position_of(text, "video", 1))
    )
    assert "64×36" in hover.contents.value and "2s (60 frames)" in hover.contents.value


@pytest.mark.asyncio
async def test_font_files_are_checked_and_seen_when_fixed(client: LanguageClient):
    """A missing font file is E0515 at its string; once a real font is there, the next edit
    finds it (font files are not cached, unlike probed media)."""
    uri = doc(client, "font.vedl")
    font = client.workspace_folder / "brand.ttf"
    font.unlink(missing_ok=True)
    text = 'track overlay { text "Hi" at: 0s duration: 1s { font "brand.ttf" size: 20 } }\n'
    await open_and_wait(client, uri, text)
    [missing] = [d for d in client.diagnostics[uri] if d.code == "E0515"]
    assert missing.range.start == position_of(text, '"brand.ttf"')
    assert "not found" in missing.message

    font.write_bytes(b"not a font" * 100)
    client.diagnostics.pop(uri, None)
    change(client, uri, 2, text + " ")
    await wait_for_diagnostics(client, uri)
    [unusable] = [d for d in client.diagnostics[uri] if d.code == "E0515"]
    assert "not a font FreeType can open" in unusable.message

    font.write_bytes(pathlib.Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").read_bytes())
    client.diagnostics.pop(uri, None)
    change(client, uri, 3, text)
    await wait_for_diagnostics(client, uri)
    assert not [d for d in client.diagnostics[uri] if d.code == "E0515"]
    font.unlink()


def change(client: LanguageClient, uri: str, version: int, text: str):
    """Replaces the whole document."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


@pytest.mark.asyncio
async def test_custom_requests_and_unknown_methods(client: LanguageClient):
    uri = doc(client, "ir.vedl")
    await open_and_wait(client, uri, DEMO)
    ir = await client.protocol.send_request_async("vedl/ir", {"textDocument": {"uri": uri}})
    assert ir.canvas.width == 640
    assert ir.duration.frame == 180
    graph = await client.protocol.send_request_async("vedl/graph", {"textDocument": {"uri": uri}})
    assert "concat" in graph.filterComplex or "xfade" in graph.filterComplex
    with pytest.raises(Exception) as failure:
        await client.protocol.send_request_async("vedl/noSuchThing", {})
    assert "method not found" in str(failure.value).lower() or "-32601" in str(failure.value)
