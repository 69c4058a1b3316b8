// Starts `vedl lsp` for .vedl files. Everything the editor shows beyond highlighting —
// diagnostics, hover, completion, symbols, rename, formatting, inlay hints, quick fixes,
// semantic tokens — comes from the language server.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const config = vscode.workspace.getConfiguration('vedl');
  const command = config.get('path', 'vedl');
  const server = {
    command,
    args: ['lsp', '--stdio', '--log-level', config.get('logLevel', 'info')],
    transport: TransportKind.stdio,
  };
  client = new LanguageClient(
    'vedl',
    'VEDL',
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: 'file', language: 'vedl' }, { scheme: 'untitled', language: 'vedl' }],
      initializationOptions: { parameters: config.get('parameters', {}) },
      synchronize: {
        // Media and caption files: the server re-checks documents when they change.
        fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{mp4,mov,m4v,mkv,webm,png,jpg,jpeg,webp,wav,mp3,m4a,flac,srt,vtt}'),
      },
    },
  );
  context.subscriptions.push(
    vscode.commands.registerCommand('vedl.showTimeline', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return;
      const ir = await client.sendRequest('vedl/ir', { textDocument: { uri: editor.document.uri.toString() } });
      const document = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(ir, null, 2) });
      await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    }),
    // The server's `vedl.preview` command starts (or reuses) `vedl preview` and answers the
    // page's address at the item under the cursor. (The client also registers `vedl.preview`
    // itself, from the server's capabilities, so this command has its own name.)
    vscode.commands.registerCommand('vedl.previewAtCursor', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) return;
      await editor.document.save();
      const { url } = await client.sendRequest('workspace/executeCommand', {
        command: 'vedl.preview',
        arguments: [{ textDocument: { uri: editor.document.uri.toString() }, position: editor.selection.active }],
      });
      await vscode.env.openExternal(vscode.Uri.parse(url));
    }),
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
