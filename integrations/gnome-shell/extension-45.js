// tminus for GNOME Shell 45 and later, which load extensions as ES modules. The indicator is
// shared with extension-43.js. Its words are translated in the metadata's gettext-domain (the
// Shell binds it to the extension's locale/ folder).
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import St from 'gi://St';
import Clutter from 'gi://Clutter';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as PanelMenu from 'resource:///org/gnome/shell/ui/panelMenu.js';
import * as PopupMenu from 'resource:///org/gnome/shell/ui/popupMenu.js';
import {Extension, gettext as _} from 'resource:///org/gnome/shell/extensions/extension.js';
import {TminusIndicator, tminusBinary} from './indicator.js';

export default class TminusExtension extends Extension {
    enable() {
        const deps = {Gio, GLib, St, Clutter, PanelMenu, PopupMenu, gettext: _};
        this._indicator = new TminusIndicator(deps, tminusBinary(deps, this.metadata));
        Main.panel.addToStatusArea(this.uuid, this._indicator.button);
    }

    disable() {
        this._indicator?.destroy();
        this._indicator = null;
    }
}
