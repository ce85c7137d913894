/**
 * A misbehaving extraction worker for extraction-pool.unit.test.ts: it speaks extraction-worker.ts's messages
 * but, depending on the file name, throws outside any promise or exits, as a crashing native parser would.
 */
import { parentPort } from 'node:worker_threads';
import type { ExtractionReply, ExtractionRequest } from './extraction-worker';

const port = parentPort;
if (!port) throw new Error('pool-test-worker runs only as a worker thread.');
const reply = (message: ExtractionReply) => port.postMessage(message);

port.on('message', ({ id, fileName }: ExtractionRequest) => {
  if (fileName === 'throws-later.txt') {
    setTimeout(() => {
      throw new Error('thrown from a timer, outside any promise');
    }, 10);
  } else if (fileName === 'exits.txt') {
    process.exit(3);
  } else {
    const text = `read ${fileName}`;
    reply({ type: 'done', id, document: { text, sections: [], preview: text, format: 'txt' } });
  }
});

reply({ type: 'ready' });
