// tminus for GNOME Shell 43 and 44, which load extensions with the legacy imports. The
// indicator (an ES module shared with extension-45.js) is imported when the extension is enabled.
// Its words are translated in the metadata's gettext-domain, from the extension's locale/ folder.
/* exported init */
const ExtensionUtils = imports.misc.extensionUtils;
const Main = imports.ui.main;
const PanelMenu = imports.ui.panelMenu;
const PopupMenu = imports.ui.popupMenu;
const {Gio, GLib, St, Clutter} = imports.gi;

class Extension {
    enable() {
        this._enabled = true;
        const me = ExtensionUtils.getCurrentExtension();
        import(me.dir.get_child('indicator.js').get_uri()).then(module => {
            if (!this._enabled || this._indicator) return;
            const deps = {Gio, GLib, St, Clutter, PanelMenu, PopupMenu, gettext: ExtensionUtils.gettext};
            this._indicator = new module.TminusIndicator(deps, module.tminusBinary(deps, me.metadata));
            Main.panel.addToStatusArea(me.metadata.uuid, this._indicator.button);
        }).catch(e => logError(e, 'tminus'));
    }

    disable() {
        this._enabled = false;
        this._indicator?.destroy();
        this._indicator = null;
    }
}

function init() {
    ExtensionUtils.initTranslations();
    return new Extension();
}
