import TMinusCore
import TMinusTimeline

/// The config file's text: the commented default that `config init` writes, and its checks.
enum ConfigText {
    static let defaultText = """
    // tminus configuration: JSON with // comments and trailing commas allowed.
    // Check it with `tminus config check`; every key is optional (these are the defaults).
    {
      // Which deadline the bar shows: "next" (the next one due), or a REF: a number, an id
      // prefix or a title. `tminus next` / `tminus prev` (or a click) cycle it.
      "deadline": "next",
      // auto: "2d 4h" while a day or more is left, "4h 05m" under a day, "04:09" in the last
      // hour. Or force one: "seconds", "minutes", "hours", "days".
      "precision": "auto",
      // States: warning under this much time left, critical under that, then over.
      "warning": "24h",
      "critical": "1h",
      // How long "over" shows before the next deadline takes over.
      "overHold": "1h",
      "overText": "over",
      "overLongText": "Deadline is over!",
      // Times of day: "24h" (17:45) or "12h" (5:45 PM); left out, your locale's (LC_TIME).
      // "clock": "24h",
      // Family templates; placeholders are listed in the README. [ … ] hides itself when
      // its placeholders are empty; \\\\[ \\\\] \\\\{ \\\\} for literal brackets.
      "templates": {
        "small": "{icon} {countdown}",
        "medium": "{title} {countdown}[ · {todos_text}]",
        "large": "{title} · due {due}\\n{countdown_long}[ · {percent}% elapsed]\\n{todos_list}",
        "smallNone": "{icon}[ {todo_count}]",
        "mediumNone": "no deadlines[ · {todos_text}]",
        "largeNone": "No deadlines\\n{todos_list}",
      },
      "colors": { "none": "#888888", "normal": "#a3be8c", "warning": "#ebcb8b", "critical": "#bf616a", "over": "#bf616a", "ongoing": "#88c0d0" },
      "icons": { "none": "∅", "normal": "⏳", "warning": "⌛", "critical": "🔥", "over": "🏁", "ongoing": "▶" },
      // Per tag: a colour overriding the tag's own, and an icon.
      "tags": {
        // "school": { "color": "#ff5555", "icon": "🎓" },
      },
      // The large family (Waybar's tooltip) under the countdown: "todos" (today's), "agenda"
      // (the next agendaDays days, by day) or "calendar" (this month; the wheel moves it).
      "tooltip": "todos",
      "agendaDays": 3,
      // The bar's text in its state's colour ("state") or its deadline's tag colour ("tag").
      "colorBy": "state",
      // Titles longer than this end in "…"; at most maxTodos todos in the large family.
      "maxLength": 60,
      "maxTodos": 10,
      // Send these real-time signals after every change so polling bars refresh at once
      // (Waybar's and i3blocks' `signal` option: SIGRTMIN+N).
      "signals": {
        // "waybar": 8, "i3blocks": 10,
      },
      // A todo with only a reminder (no due date) stays out of today's list until the reminder
      // comes; false: listed from the start.
      "remindersWait": true,
      // Notifications before each deadline, e.g. ["1d", "1h", "0"] (0: when it is over).
      "alerts": [],
      // Reminders missed while no notifier ran are still sent when younger than this.
      "catchUp": "24h",
      // Deadlines and todos kept elsewhere, shown with these (docs/sources.md): calendars
      // synced by vdirsyncer (vdir), .ics files, todo.txt, Taskwarrior, another summary.json.
      "sources": [
        // { "name": "work", "kind": "vdir", "path": "~/.local/share/calendars/work" },
        // { "name": "holidays", "kind": "ics", "path": "~/cal/holidays.ics" },
        // { "name": "txt", "kind": "todotxt", "path": "~/todo/todo.txt" },
        // { "name": "tw", "kind": "taskwarrior", "filter": "status:pending" },
      ],
      // Your e-mail addresses: a calendar event that invites one of them waits for a yes.
      // "declined": "hide" or "show"; "invited" (no answer, tentative): "dim" (listed, never
      // the countdown, no alarm), "show" or "hide". A source may name its own "me".
      // "me": ["you@example.org"],
      "declined": "hide",
      "invited": "dim",
    }

    """
}
