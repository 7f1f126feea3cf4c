// The language server's web-worker entry (dist/browser/server.js), for the browser extension on
// vscode.dev, github.dev and code-server's web-worker extension host: the same protocol layer and
// service as the Node server, over the worker's message port. It has no file system and no process
// environment: `.env` names come from the client (see ReportedEnv).
import { createConnection, BrowserMessageReader, BrowserMessageWriter } from 'vscode-languageserver/browser';
import { startServer } from './lsp/server';
import { ReportedEnv } from './lsp/reportedEnv';

// The worker's global scope. (The readers' parameter is typed with the DOM's worker types, which the
// project's lib, without DOM, does not define.)
const scope: object = globalThis;
startServer(createConnection(new BrowserMessageReader(scope), new BrowserMessageWriter(scope)), new ReportedEnv());
