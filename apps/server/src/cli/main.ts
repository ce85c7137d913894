import { type CliIo, runCli } from './cli';

/** Asks on the terminal without echoing what is typed; Ctrl-C cancels. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { stdin, stdout } = process;
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    let typed = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readAll(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const io: CliIo = {
  isTty: Boolean(process.stdin.isTTY),
  readAll,
  promptHidden,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

runCli(process.argv.slice(2), process.env, io).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('hearth:', error);
    process.exit(1);
  },
);
