// tminus in GNOME Shell's top bar: the indicator both entry points use (extension-43.js for
// GNOME 43 and 44, extension-45.js for 45 and later; either is installed as extension.js). An
// ES module; the Shell's modules come in `deps`, since 43 and 45 reach them differently.
//
// One long-running child, `tminus show --format json --follow`, prints a line whenever what the
// bar shows changes (each second in the last hour, at once when your data changes); the label
// shows its medium family, coloured by its state (stylesheet.css). A child that exits is started
// again after 1, 2, 4 … 60 seconds, never polled. Clicks run tminus with an argument vector,
// never a shell line. Every text from your data goes into plain labels, never markup. The menu's
// own words come through `deps.gettext` (the extension's gettext domain, "tminus", whose
// locale/ folder `tminus setup gnome` writes from tminus's catalogs).

const MAX_BACKOFF = 60;
const STATES = ['none', 'normal', 'ongoing', 'warning', 'critical', 'over', 'error'];

export class TminusIndicator {
    constructor(deps, binary) {
        this._deps = deps;
        this._binary = binary;
        this._backoff = 1;
        this._retry = 0;
        this._todosKey = null;
        this._pending = null;
        this._ = deps.gettext ?? (text => text);
        const {St, Clutter, PanelMenu} = deps;
        this.button = new PanelMenu.Button(0.0, 'tminus', false);
        this._label = new St.Label({text: '…', y_align: Clutter.ActorAlign.CENTER, style_class: 'tminus-label tminus-none'});
        this.button.add_child(this._label);
        this._openId = this.button.menu.connect('open-state-changed', (_menu, open) => {
            if (!open && this._pending) this._fillMenu(this._pending);
        });
        this._fillMenu({todos: [], large: ''});
        this._start();
    }

    // The child: its stdout read line by line, asynchronously.
    _start() {
        const {Gio} = this._deps;
        this._cancellable = new Gio.Cancellable();
        try {
            this._child = Gio.Subprocess.new([this._binary, 'show', '--format', 'json', '--follow'],
                Gio.SubprocessFlags.STDOUT_PIPE | Gio.SubprocessFlags.STDERR_SILENCE);
        } catch (e) {
            this._show({state: 'error', medium: '⚠ tminus', large: fill(this._('cannot run %s: %s'), [this._binary, e.message]), todos: []});
            this._again();
            return;
        }
        this._stream = new Gio.DataInputStream({base_stream: this._child.get_stdout_pipe(), close_base_stream: true});
        this._read();
    }

    _read() {
        const cancellable = this._cancellable;
        this._stream.read_line_async(0, cancellable, (stream, result) => {
            let line;
            try {
                [line] = stream.read_line_finish_utf8(result);
            } catch (e) {
                line = null;
            }
            // Stopped meanwhile (the child replaced, or the extension disabled): this reading is over.
            if (cancellable.is_cancelled()) return;
            if (line === null) {
                this._again();
                return;
            }
            try {
                this._show(JSON.parse(line));
                this._backoff = 1;
            } catch (e) {
                // Not a line of ours: skip it.
            }
            this._read();
        });
    }

    // The child is gone: start it again later, each time waiting longer (at most a minute).
    _again() {
        const {GLib} = this._deps;
        this._stop();
        const wait = this._backoff;
        this._backoff = Math.min(this._backoff * 2, MAX_BACKOFF);
        this._retry = GLib.timeout_add_seconds(GLib.PRIORITY_DEFAULT, wait, () => {
            this._retry = 0;
            this._start();
            return GLib.SOURCE_REMOVE;
        });
    }

    _stop() {
        this._cancellable?.cancel();
        this._cancellable = null;
        this._child?.force_exit();
        this._child = null;
        this._stream = null;
    }

    _show(entry) {
        const state = STATES.includes(entry.state) ? entry.state : 'none';
        this._label.set_text(entry.error ? '⚠ tminus' : String(entry.medium ?? ''));
        this._label.style_class = `tminus-label tminus-${entry.error ? 'error' : state}`;
        // The menu changes only when its content does, and never while it is open.
        const key = JSON.stringify([entry.large, entry.todos]);
        if (key === this._todosKey) return;
        this._todosKey = key;
        if (this.button.menu.isOpen) this._pending = entry;
        else this._fillMenu(entry);
    }

    _fillMenu(entry) {
        const {PopupMenu} = this._deps;
        this._pending = null;
        const menu = this.button.menu;
        menu.removeAll();
        for (const line of String(entry.large ?? '').split('\n').filter(l => l.length > 0)) {
            menu.addMenuItem(new PopupMenu.PopupMenuItem(line, {reactive: false}));
        }
        menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem());
        const _ = this._;
        this._action(menu, _('Next deadline'), ['next']);
        this._action(menu, _('Back to the one due next'), ['next', '--reset']);
        this._action(menu, _('Private mode on or off'), ['privacy', 'toggle']);
        const todos = Array.isArray(entry.todos) ? entry.todos : [];
        if (todos.length > 0) menu.addMenuItem(new PopupMenu.PopupSeparatorMenuItem(_('Today')));
        for (const todo of todos) {
            const ref = String(todo.handle);
            if (!/^[0-9]+$/.test(ref)) continue;
            const item = new PopupMenu.PopupSubMenuMenuItem(`${todo.overdue ? '⚠' : '•'} ${todo.title}`);
            this._action(item.menu, _('✓ Done'), ['done', ref]);
            this._action(item.menu, _('⏰ Snooze 1 hour'), ['edit', ref, '--due', '+1h']);
            menu.addMenuItem(item);
        }
    }

    _action(menu, label, args) {
        const {Gio, PopupMenu} = this._deps;
        const item = new PopupMenu.PopupMenuItem(label);
        item.connect('activate', () => {
            try {
                const p = Gio.Subprocess.new([this._binary, ...args], Gio.SubprocessFlags.STDOUT_SILENCE | Gio.SubprocessFlags.STDERR_SILENCE);
                p.wait_async(null, null);
            } catch (e) {
                logError(e, 'tminus');
            }
        });
        menu.addMenuItem(item);
    }

    destroy() {
        const {GLib} = this._deps;
        if (this._retry) GLib.source_remove(this._retry);
        this._retry = 0;
        this._stop();
        if (this._openId) this.button.menu.disconnect(this._openId);
        this._openId = 0;
        this.button.destroy();
        this.button = null;
    }
}

// A message's %s (or %1$s) filled from `args`, in one pass (an argument's own % is kept).
function fill(message, args) {
    let next = 0;
    return message.replace(/%(?:(\d)\$)?s/g, (_m, n) => String(args[n ? Number(n) - 1 : next++] ?? ''));
}

// The tminus to run: the one `tminus setup gnome` wrote into metadata.json, else the first in PATH.
export function tminusBinary(deps, metadata) {
    return metadata['tminus-binary'] || deps.GLib.find_program_in_path('tminus') || 'tminus';
}
