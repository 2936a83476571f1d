// Minimal structured logger: one JSON line per event, level-filtered.
const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof order;
export type Logger = Record<Exclude<LogLevel, "silent">, (msg: string, data?: Record<string, unknown>) => void>;

export function createLogger(level: LogLevel): Logger {
  const make = (l: Exclude<LogLevel, "silent">) => (msg: string, data?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level: l, msg, ...data });
    (l === "error" || l === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}
