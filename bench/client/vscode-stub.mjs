// A stub of the `vscode` module: enough of the API for the client's activation bundle to load and
// run outside VS Code, recording what it does. Used by bench/client/activation.mjs (activation
// time) and test/client/activation.test.ts (what activation does and does not load).
// Documents refuse getText() without a range: the client must read only the head of a file.

class Disposable {
  constructor(fn = () => {}) {
    this.fn = fn;
  }
  dispose() {
    this.fn();
  }
}

class EventEmitter {
  constructor() {
    this.listeners = new Set();
    this.event = (fn) => {
      this.listeners.add(fn);
      return new Disposable(() => this.listeners.delete(fn));
    };
  }
  fire(v) {
    for (const fn of [...this.listeners]) fn(v);
  }
  dispose() {
    this.listeners.clear();
  }
}

class Position {
  constructor(line, character) {
    this.line = line;
    this.character = character;
  }
}

class Range {
  constructor(a, b, c, d) {
    if (a instanceof Position) {
      this.start = a;
      this.end = b;
    } else {
      this.start = new Position(a, b);
      this.end = new Position(c, d);
    }
  }
}

class Uri {
  constructor(scheme, path) {
    this.scheme = scheme;
    this.path = path;
    this.fsPath = path;
  }
  static file(path) {
    return new Uri('file', path);
  }
  static joinPath(base, ...parts) {
    return new Uri(base.scheme, [base.path.replace(/\/$/, ''), ...parts].join('/'));
  }
  toString() {
    return `${this.scheme}://${this.path}`;
  }
}

class WorkspaceEdit {
  constructor() {
    this.inserts = [];
  }
  insert(uri, position, text) {
    this.inserts.push({ uri, position, text });
  }
  /** (A replacement is kept with the insertions: `position` its start, `end` its end.) */
  replace(uri, range, text) {
    this.inserts.push({ uri, position: range.start, end: range.end, text });
  }
}

const offsetToPosition = (text, offset) => {
  const o = Math.min(offset, text.length);
  const before = text.slice(0, o);
  const line = (before.match(/\n/g) ?? []).length;
  return new Position(line, o - (before.lastIndexOf('\n') + 1));
};
const positionToOffset = (text, pos) => {
  let at = 0;
  for (let l = 0; l < pos.line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return Math.min(text.length, at + pos.character);
};

/** A fresh stub with its own state: `vscode` is what `require('vscode')` returns. */
export function createVscodeStub(options = {}) {
  const events = {
    open: new EventEmitter(),
    save: new EventEmitter(),
    activeEditor: new EventEmitter(),
    configuration: new EventEmitter(),
    trust: new EventEmitter(),
  };
  const settings = { 'assistantConfig.detectByContent': true, 'files.associations': {}, ...(options.settings ?? {}) };
  // Values a workspace's own settings give (they win over `settings`, which stand for the user's).
  const workspaceSettings = { ...(options.workspaceSettings ?? {}) };
  const documents = [];
  const log = {
    languageChanges: [],
    commands: new Map(),
    statusItems: [],
    outputChannels: 0,
    headReads: 0,
    schemaReads: 0,
    edits: [],
    /** Messages shown: { kind: 'info' | 'warning', message, options, items }. */
    messages: [],
    /** Lines written to output channels. */
    output: [],
  };
  // A message's answer: options.answer(message, items, options) picks an item (default: dismissed).
  const showMessage =
    (kind) =>
    async (message, ...rest) => {
      const opts = rest.length > 0 && rest[0] !== null && typeof rest[0] === 'object' ? rest.shift() : undefined;
      log.messages.push({ kind, message, options: opts, items: rest });
      return options.answer ? options.answer(message, rest, opts) : undefined;
    };
  let active;

  const makeDocument = (path, languageId, text) => {
    const uri = Uri.file(path);
    return {
      uri,
      languageId,
      eol: text.includes('\r\n') ? 2 : 1,
      get lineCount() {
        return (text.match(/\n/g) ?? []).length + 1;
      },
      getText(range) {
        if (!range) throw new Error(`getText() of the whole of ${path}: the client must read only the start of a file`);
        log.headReads++;
        return text.slice(positionToOffset(text, range.start), positionToOffset(text, range.end));
      },
      positionAt: (offset) => offsetToPosition(text, offset),
      lineAt: (line) => ({ text: text.split('\n')[line] ?? '' }),
      text,
    };
  };

  const vscode = {
    Disposable,
    EventEmitter,
    Position,
    Range,
    Uri,
    WorkspaceEdit,
    EndOfLine: { LF: 1, CRLF: 2 },
    LanguageStatusSeverity: { Information: 0, Warning: 1, Error: 2 },
    window: {
      get activeTextEditor() {
        return active ? { document: active } : undefined;
      },
      onDidChangeActiveTextEditor: events.activeEditor.event,
      createOutputChannel() {
        log.outputChannels++;
        const noop = () => {};
        const write = (line) => void log.output.push(String(line));
        return { info: write, warn: write, error: write, appendLine: write, show: noop, dispose: noop };
      },
      showInformationMessage: showMessage('info'),
      showWarningMessage: showMessage('warning'),
      showInputBox: async (o) => (options.inputBox ? options.inputBox(o) : undefined),
      async withProgress(_o, task) {
        return task(
          { report: () => {} },
          { isCancellationRequested: false, onCancellationRequested: () => new Disposable() },
        );
      },
    },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    languages: {
      createLanguageStatusItem(id, selector) {
        const item = { id, selector, dispose: () => (item.disposed = true) };
        log.statusItems.push(item);
        return item;
      },
      async setTextDocumentLanguage(doc, languageId) {
        log.languageChanges.push({ path: doc.uri.path, from: doc.languageId, to: languageId });
        // As VS Code does: the document is closed and opened again with its new language.
        const i = documents.indexOf(doc);
        const next = makeDocument(doc.uri.path, languageId, doc.text);
        if (i >= 0) documents[i] = next;
        if (active === doc) active = next;
        events.open.fire(next);
        return next;
      },
    },
    commands: {
      registerCommand(id, fn) {
        log.commands.set(id, fn);
        return new Disposable(() => log.commands.delete(id));
      },
      // VS Code's own commands (`vscode.executeCodeActionProvider`…) answer through options.builtinCommands.
      executeCommand: async (id, ...args) =>
        log.commands.has(id) ? log.commands.get(id)(...args) : options.builtinCommands?.[id]?.(...args),
    },
    workspace: {
      isTrusted: true,
      get textDocuments() {
        return [...documents];
      },
      onDidOpenTextDocument: events.open.event,
      onDidSaveTextDocument: events.save.event,
      onDidChangeConfiguration: events.configuration.event,
      onDidGrantWorkspaceTrust: events.trust.event,
      getConfiguration(section) {
        return {
          get: (key, fallback) => {
            const k = `${section}.${key}`;
            const v = workspaceSettings[k] !== undefined ? workspaceSettings[k] : settings[k];
            return v === undefined ? fallback : v;
          },
          inspect: (key) => {
            const k = `${section}.${key}`;
            return { key: k, globalValue: settings[k], workspaceValue: workspaceSettings[k] };
          },
        };
      },
      fs: {
        async readFile(uri) {
          log.schemaReads++;
          if (!options.readFile) throw new Error(`no file ${uri.path}`);
          return options.readFile(uri.path);
        },
      },
      async applyEdit(edit) {
        log.edits.push(...edit.inserts);
        // Later positions first, so that each applies to the text as it was.
        const ordered = [...edit.inserts].sort(
          (a, b) => b.position.line - a.position.line || b.position.character - a.position.character,
        );
        for (const ins of ordered) {
          const i = documents.findIndex((d) => d.uri.toString() === ins.uri.toString());
          if (i < 0) continue;
          const d = documents[i];
          const at = positionToOffset(d.text, ins.position);
          const to = ins.end ? positionToOffset(d.text, ins.end) : at;
          documents[i] = makeDocument(d.uri.path, d.languageId, d.text.slice(0, at) + ins.text + d.text.slice(to));
          if (active === d) active = documents[i];
        }
        return true;
      },
    },
  };

  /** Opens a document as VS Code would (before or after activation), and makes it the active one. */
  const openDocument = (path, languageId, text) => {
    const doc = makeDocument(path, languageId, text);
    documents.push(doc);
    active = doc;
    events.open.fire(doc);
    events.activeEditor.fire({ document: doc });
    return doc;
  };
  const setSetting = (key, value) => {
    settings[key] = value;
    events.configuration.fire({ affectsConfiguration: (s) => key === s || key.startsWith(`${s}.`) });
  };
  const documentAt = (path) => documents.find((d) => d.uri.path === path);

  /** A minimal ExtensionContext (`secrets` and `global` are Maps the test can read). */
  const context = (extensionPath = '/ext', state = new Map(), secrets = new Map(), global = new Map()) => {
    return {
      subscriptions: [],
      extensionPath,
      extensionUri: Uri.file(extensionPath),
      asAbsolutePath: (rel) => `${extensionPath}/${rel}`,
      workspaceState: {
        get: (k) => state.get(k),
        update: async (k, v) => void state.set(k, v),
        keys: () => [...state.keys()],
      },
      globalState: {
        get: (k) => global.get(k),
        update: async (k, v) => void (v === undefined ? global.delete(k) : global.set(k, v)),
        keys: () => [...global.keys()],
      },
      secrets: {
        get: async (k) => secrets.get(k),
        store: async (k, v) => void secrets.set(k, v),
        delete: async (k) => void secrets.delete(k),
        onDidChange: new EventEmitter().event,
      },
    };
  };

  /** Sets a value as a workspace's own settings would (undefined removes it). */
  const setWorkspaceSetting = (key, value) => {
    if (value === undefined) delete workspaceSettings[key];
    else workspaceSettings[key] = value;
    events.configuration.fire({ affectsConfiguration: (s) => key === s || key.startsWith(`${s}.`) });
  };

  return { vscode, log, openDocument, setSetting, setWorkspaceSetting, documentAt, context, events };
}
