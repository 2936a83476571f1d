/// <reference types="node" />
// What the import rules of eslint.config.js say of a piece of code at a path, as `npm run lint` would: the server's
// import arrows test (apps/server/src/lib/arrows.test.ts) and the web's feature boundaries test ask it.
import { ESLint } from "eslint";

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages for `code` written at `<root>/<filePath>` (none: the import is allowed). */
export const refusalsUnder =
  (root: string) =>
  async (filePath: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  };

/** A module that imports `x` from `spec` and uses it. */
export const use = (spec: string) => `import { x } from "${spec}";\nexport const y = x;\n`;
