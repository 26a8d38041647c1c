import readline from "node:readline";

/**
 * Reads a password: from a prompt without echo on a terminal, otherwise the
 * first line of standard input (so scripts can pipe it in).
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? "";
  }
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      // Show the prompt once, never the typed characters.
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
    rl.question(prompt, (answer) => {
      process.stdout.write("\n");
      rl.close();
      resolve(answer);
    });
  });
}
