-- End-to-end test of `vedl lsp` with Neovim's own LSP client (Neovim 0.7+), headless:
--
--   VEDL_BIN=.build/debug/vedl nvim --headless --clean -c "luafile Tests/lsp/neovim_e2e.lua"
--
-- Neovim converts positions to UTF-16 itself and sends incremental changes, so this checks
-- the server against a client nobody on the project wrote. Exits 0 when every check passes.

local vedl = os.getenv("VEDL_BIN") or "vedl"
local failures = 0
local function check(condition, what)
  if condition then
    io.stdout:write("ok   " .. what .. "\n")
  else
    failures = failures + 1
    io.stdout:write("FAIL " .. what .. "\n")
  end
end

local function finish()
  io.stdout:write(failures == 0 and "all Neovim checks passed\n" or (failures .. " Neovim check(s) failed\n"))
  os.exit(failures == 0 and 0 or 1)
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, "p")
local path = dir .. "/edit.vedl"
local lines = {
  "frobnicate 1",
  "let bars = testpattern()",
  "track main {",
  "  clip bars duration: 3s id: opening",
  "  crossfade 1s",
  "  clip bars duration: 2s",
  "}",
  "track overlay {",
  '  text "é👋" at: opening.end - 1s duration: 1s',
  "}",
}
vim.fn.writefile(lines, path)
vim.cmd("edit " .. path)
local buffer = vim.api.nvim_get_current_buf()

local exit_code = nil
local client_id = vim.lsp.start_client({
  name = "vedl",
  cmd = { vedl, "lsp" },
  root_dir = dir,
  on_exit = function(code) exit_code = code end,
})
check(client_id ~= nil, "the client starts `vedl lsp`")
if not client_id then finish() end
vim.lsp.buf_attach_client(buffer, client_id)
local client = vim.lsp.get_client_by_id(client_id)
vim.wait(10000, function() return client.initialized end, 20)
check(client.initialized, "initialize handshake")
check(client.server_capabilities ~= nil and client.server_capabilities.hoverProvider == true, "hover capability")

-- Diagnostics for the unknown statement on line 1.
local function diagnostics() return vim.diagnostic.get(buffer) end
vim.wait(10000, function() return #diagnostics() > 0 end, 20)
local first = diagnostics()[1]
local code = first and (first.code or (first.user_data and first.user_data.lsp and first.user_data.lsp.code))
check(first ~= nil and code == "E0301" and first.lnum == 0, "diagnostic E0301 on line 1 (got " .. tostring(code) .. ")")

-- An incremental edit fixes it; the diagnostics clear.
vim.api.nvim_buf_set_lines(buffer, 0, 1, false, { "canvas 640x360 fps: 30" })
vim.wait(10000, function() return #diagnostics() == 0 end, 20)
check(#diagnostics() == 0, "editing line 1 clears the diagnostic")

local function request(method, row, col)
  vim.api.nvim_win_set_cursor(0, { row, col })
  local params = vim.lsp.util.make_position_params()
  local response = client.request_sync(method, params, 5000, buffer)
  return response and response.result, response and response.err
end

-- Hover on the second clip: its resolved timing.
local hover = request("textDocument/hover", 6, 3)
local text = hover and hover.contents and (hover.contents.value or hover.contents) or ""
check(type(text) == "string" and text:find("00:00:02:00", 1, true) ~= nil, "hover shows the clip's timecode")
check(type(text) == "string" and text:find("frame 60", 1, true) ~= nil, "hover shows the clip's frames")

-- Hover on `opening` after the emoji: Neovim sends UTF-16 columns.
local line = vim.api.nvim_buf_get_lines(buffer, 8, 9, false)[1]
local byte = line:find("opening", 1, true)
local name = request("textDocument/hover", 9, byte)
local name_text = name and name.contents and (name.contents.value or name.contents) or ""
check(type(name_text) == "string" and name_text:find("id: opening", 1, true) ~= nil, "hover after non-ASCII text")

-- Definition of that `opening`.
local definition = request("textDocument/definition", 9, byte)
local location = definition and (definition[1] or definition)
check(location ~= nil and location.range ~= nil and location.range.start.line == 3, "definition of an id")

-- Completion inside the main track.
vim.api.nvim_buf_set_lines(buffer, 6, 6, false, { "  " })
vim.wait(200)
local completion = request("textDocument/completion", 7, 2)
local items = completion and (completion.items or completion) or {}
local labels = {}
for _, item in ipairs(items) do labels[item.label] = true end
check(labels["clip"] and labels["crossfade"] and not labels["track"], "completion offers the main track's statements")
vim.api.nvim_buf_set_lines(buffer, 6, 7, false, {})

-- Formatting with the `vedl fmt` formatter.
vim.api.nvim_buf_set_lines(buffer, 1, 2, false, { "let   bars   =   testpattern()" })
vim.wait(200)
vim.lsp.buf.formatting_sync(nil, 5000)
local formatted = vim.api.nvim_buf_get_lines(buffer, 1, 2, false)[1]
check(formatted == "let bars = testpattern()", "formatting (got `" .. tostring(formatted) .. "`)")

-- Shutdown and exit.
vim.lsp.stop_client(client_id)
vim.wait(10000, function() return exit_code ~= nil end, 20)
check(exit_code == 0, "the server exits with 0 after shutdown (got " .. tostring(exit_code) .. ")")
finish()
