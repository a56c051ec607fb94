// The timeline provider lives here (issue 3).
