import type { LatencyBook } from './stats';
import { readSse } from '../../apps/server/src/lib/sse-reader';

const MODEL = 'stories260K.gguf';
const PASSWORD = 'Bench-password-1';
const TOPICS = ['harbour', 'glacier', 'orchard', 'lantern', 'meadow', 'quarry', 'violin', 'compass'];

/** What a simulated user does, with weights (out of 100). Reads dominate, as in real use. */
const ACTIONS = [
  ['list_conversations', 25],
  ['open_conversation', 20],
  ['search', 15],
  ['list_collections', 10],
  ['list_documents', 10],
  ['me', 8],
  ['chat', 7],
  ['upload', 5],
] as const;
type Action = (typeof ACTIONS)[number][0];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chooseAction(): Action {
  let roll = Math.random() * 100;
  for (const [action, weight] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'me';
}

export interface SimulatedUser {
  uploads: string[];
  run(deadline: number): Promise<void>;
  /** Waits (until the deadline) for this user's uploads to be indexed; returns how many are ready. */
  countIndexed(deadline: number): Promise<number>;
}

/** Signs a user up on one replica, signs in, and makes their first collection. */
export async function signUpUser(urls: string[], index: number, book: LatencyBook): Promise<SimulatedUser> {
  const email = `load-${Date.now()}-${index}@example.test`;
  const home = urls[index % urls.length] as string;
  const post = (url: string, route: string, body: unknown, token?: string) =>
    fetch(url + route, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const signup = await post(home, '/api/auth/signup', { email, password: PASSWORD });
  if (!signup.ok) throw new Error(`signup ${signup.status}: ${await signup.text()}`);
  // Sign in on another replica than the one that signed up: sessions live in the database.
  const started = performance.now();
  const login = await post(urls[(index + 1) % urls.length] as string, '/api/auth/login', { email, password: PASSWORD });
  if (!login.ok) throw new Error(`login ${login.status}`);
  book.record('sign_in', performance.now() - started);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const collection = await post(home, '/api/knowledge/collections', { name: `Notes ${index}` }, token);
  const { id: collectionId } = (await collection.json()) as { id: string };
  return new LoadUser(urls, token, collectionId, index, book);
}

class LoadUser implements SimulatedUser {
  readonly uploads: string[] = [];
  private conversations: string[] = [];
  private sent = 0;

  constructor(
    private readonly urls: string[],
    private readonly token: string,
    private readonly collectionId: string,
    private readonly index: number,
    private readonly book: LatencyBook,
  ) {}

  async run(deadline: number): Promise<void> {
    // Spread the start over the first two seconds so users do not move in lockstep.
    await sleep(Math.random() * 2000);
    while (Date.now() < deadline) {
      const action = chooseAction();
      try {
        await this.act(action);
      } catch (error) {
        this.book.fail(action, error instanceof Error ? error.message : String(error));
      }
      await sleep(1000 + Math.random() * 3000);
    }
  }

  private async timed(kind: string, route: string, init: RequestInit = {}): Promise<Response> {
    const started = performance.now();
    const response = await fetch(pick(this.urls) + route, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, ...(init.headers as Record<string, string> | undefined) },
    });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${kind} ${response.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
    this.book.record(kind, performance.now() - started);
    return new Response(body, { status: response.status, headers: response.headers });
  }

  private async act(action: Action): Promise<void> {
    switch (action) {
      case 'list_conversations': {
        const response = await this.timed(action, '/api/conversations?limit=50');
        const list = (await response.json()) as { conversations: { id: string }[] };
        this.conversations = list.conversations.map((conversation) => conversation.id);
        return;
      }
      case 'open_conversation':
        if (this.conversations.length === 0) return this.act('list_conversations');
        await this.timed(action, `/api/conversations/${pick(this.conversations)}/messages?limit=100`);
        return;
      case 'search':
        await this.timed(action, '/api/knowledge/search-knowledge', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `${pick(TOPICS)} notes` }),
        });
        return;
      case 'list_collections':
        await this.timed(action, '/api/knowledge/collections');
        return;
      case 'list_documents':
        await this.timed(action, `/api/knowledge/collections/${this.collectionId}/documents`);
        return;
      case 'me':
        await this.timed(action, '/api/auth/me');
        return;
      case 'chat':
        return this.chat();
      case 'upload':
        return this.upload();
    }
  }

  /** A whole chat turn through the streaming endpoint: first token and full answer are recorded apart. */
  private async chat(): Promise<void> {
    const started = performance.now();
    const response = await fetch(`${pick(this.urls)}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({
        model: MODEL,
        content: `Tell me about the ${pick(TOPICS)}`,
        conversation_id: this.conversations.length > 0 && Math.random() < 0.5 ? pick(this.conversations) : undefined,
        useDocumentContext: false,
      }),
    });
    if (!response.ok || !response.body) {
      throw new Error(`chat ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
    let first = 0;
    let done = false;
    let failure = '';
    for await (const { event, data } of readSse(response.body)) {
      if (event === 'token' && !first) first = performance.now();
      if (event === 'conversation') {
        const id = (JSON.parse(data) as { conversation: { id: string } }).conversation.id;
        if (!this.conversations.includes(id)) this.conversations.push(id);
      }
      if (event === 'done') done = true;
      if (event === 'error') failure = data.slice(0, 200);
    }
    if (!done) throw new Error(`chat ended without an answer ${failure}`);
    if (first) this.book.record('chat_first_token', first - started);
    this.book.record('chat', performance.now() - started);
  }

  private async upload(): Promise<void> {
    this.sent += 1;
    const text = `Field notes ${this.index}-${this.sent} on the ${pick(TOPICS)}.\n\n${'Observations follow. '.repeat(200)}`;
    const form = new FormData();
    form.append('file', new Blob([text]), `notes-${this.index}-${this.sent}.txt`);
    const response = await this.timed('upload', `/api/knowledge/collections/${this.collectionId}/documents`, {
      method: 'POST',
      body: form,
    });
    this.uploads.push(((await response.json()) as { id: string }).id);
  }

  async countIndexed(deadline: number): Promise<number> {
    for (;;) {
      const response = await fetch(`${pick(this.urls)}/api/knowledge/collections/${this.collectionId}/documents`, {
        headers: { authorization: `Bearer ${this.token}` },
      });
      const { documents } = (await response.json()) as { documents: { id: string; status: string }[] };
      const ready = documents.filter((doc) => this.uploads.includes(doc.id) && doc.status === 'ready').length;
      const pending = documents.some((doc) => doc.status === 'queued' || doc.status === 'processing');
      if (!pending || Date.now() > deadline) return ready;
      await sleep(500);
    }
  }
}
