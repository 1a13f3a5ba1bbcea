/** What the command-line scripts share: failing with a message and an exit code, and the server's settings. */
import { ConfigError, parseConfig, type AppConfig } from "../app/config/config.server.ts";

/** Prints `<command>: <message>` to standard error and exits with `code`. */
export function failer(command: string) {
  return (message: string, code = 1): never => {
    console.error(`${command}: ${message}`);
    process.exit(code);
  };
}

/** The server's settings from the environment (and `.env`); a wrong one fails with its message. */
export function configOrFail(fail: (message: string) => never): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
