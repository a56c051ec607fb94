public import TMinusCore
public import TMinusTimeline

/// What bar-facing commands read: the config (a missing one means defaults) and the widget state.
extension Container {
    /// The config and its problems; defaults when the file does not exist.
    public func loadConfig() throws(TMinusError) -> (Config, [ConfigProblem]) {
        guard let bytes = try FileIO.read(home.configPath) else { return (Config(), []) }
        return Config.parse(bytes)
    }

    /// The widget state; empty when there is none or it cannot be read (it is only a preference).
    public func loadState() -> WidgetState {
        guard let bytes = try? FileIO.read(home.statePath), let json = try? JSONParser.parse(bytes) else { return WidgetState() }
        return WidgetState(json: json)
    }

    public func saveState(_ state: WidgetState) throws(TMinusError) {
        try FileIO.makeDirectory(home.directory)
        try FileIO.withLock(home.lockPath) { () throws(TMinusError) in
            try FileIO.writeAtomically(Array(JSONWriter.pretty(state.json()).utf8), to: home.statePath)
        }
    }

    /// The summary for widgets: when there is none yet but a store exists, it is rebuilt once;
    /// with neither, an empty summary.
    public func summaryForWidgets(now: Instant) throws(TMinusError) -> Summary {
        if let s = try loadSummary() { return s }
        if FileIO.exists(home.storePath) {
            try rebuildSummary(now: now)
            if let s = try loadSummary() { return s }
        }
        return Summary(generated: now)
    }
}
