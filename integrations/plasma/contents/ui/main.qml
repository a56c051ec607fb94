// tminus for KDE Plasma 5: the countdown in the panel, the large family and today's todos in its
// popup. Plasma's executable data source runs `tminus show --format json` each second (the
// applet API has no long-running reader); actions run tminus with a todo's number. Every text
// from your data is shown as plain text (Text.PlainText), never as markup. The applet's own words
// are i18n() messages, translated from contents/locale (written by tminus setup plasma).
import QtQuick 2.15
import QtQuick.Layouts 1.15
import org.kde.plasma.plasmoid 2.0
import org.kde.plasma.core 2.0 as PlasmaCore
import org.kde.plasma.components 3.0 as PlasmaComponents3

Item {
    id: root
    // tminus setup plasma writes this binary's absolute path here.
    readonly property string tminus: "tminus"
    property var entry: ({ "state": "none", "medium": "…", "large": "", "todos": [] })
    readonly property var colors: ({ "none": "#888888", "normal": "#a3be8c", "ongoing": "#88c0d0", "warning": "#ebcb8b",
                                     "critical": "#bf616a", "over": "#bf616a", "error": "#d08770" })
    readonly property color stateColor: colors[entry.error ? "error" : entry.state] || colors["none"]

    Plasmoid.toolTipMainText: entry.medium || ""
    Plasmoid.toolTipSubText: entry.large || ""
    Plasmoid.toolTipTextFormat: Text.PlainText

    PlasmaCore.DataSource {
        id: feed
        engine: "executable"
        connectedSources: [root.tminus + " show --format json"]
        interval: 1000
        onNewData: {
            try {
                root.entry = JSON.parse(data["stdout"])
            } catch (e) {
                root.entry = { "state": "none", "error": i18n("tminus printed no entry"), "medium": "⚠ tminus", "large": data["stderr"] || "", "todos": [] }
            }
        }
    }

    // One-off commands: next, done N, edit N --due +1h (numbers only: no data reaches a command line).
    PlasmaCore.DataSource {
        id: runner
        engine: "executable"
        onNewData: disconnectSource(sourceName)
    }
    function run(args) {
        runner.connectSource(root.tminus + " " + args)
    }

    Plasmoid.compactRepresentation: PlasmaComponents3.Label {
        text: root.entry.error ? "⚠ tminus" : (root.entry.medium || "")
        textFormat: Text.PlainText
        color: root.stateColor
        font.bold: root.entry.state === "critical"
        MouseArea {
            anchors.fill: parent
            onClicked: plasmoid.expanded = !plasmoid.expanded
        }
    }

    Plasmoid.fullRepresentation: ColumnLayout {
        Layout.minimumWidth: PlasmaCore.Units.gridUnit * 16
        PlasmaComponents3.Label {
            text: root.entry.error ? "⚠ tminus" : (root.entry.medium || "")
            textFormat: Text.PlainText
            color: root.stateColor
            font.bold: true
        }
        PlasmaComponents3.Label {
            text: root.entry.error ? root.entry.error : (root.entry.large || "")
            textFormat: Text.PlainText
            wrapMode: Text.Wrap
            Layout.fillWidth: true
        }
        RowLayout {
            PlasmaComponents3.Button { text: i18n("Next deadline"); onClicked: root.run("next") }
            PlasmaComponents3.Button { text: i18n("Back to the one due next"); onClicked: root.run("next --reset") }
            PlasmaComponents3.Button { text: i18n("Private"); onClicked: root.run("privacy toggle") }
        }
        Repeater {
            model: Array.isArray(root.entry.todos) ? root.entry.todos : []
            delegate: RowLayout {
                readonly property string ref: /^[0-9]+$/.test(String(modelData.handle)) ? String(modelData.handle) : ""
                PlasmaComponents3.Label {
                    text: (modelData.overdue ? "⚠ " : "• ") + modelData.title
                    textFormat: Text.PlainText
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                PlasmaComponents3.Button { text: "✓"; visible: ref !== ""; onClicked: root.run("done " + ref) }
                PlasmaComponents3.Button { text: i18n("Snooze 1 h"); visible: ref !== ""; onClicked: root.run("edit " + ref + " --due +1h") }
            }
        }
    }
}
