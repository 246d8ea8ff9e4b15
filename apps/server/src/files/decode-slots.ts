import { availableParallelism } from 'node:os';
import { AppError } from '../errors.ts';

/**
 * A counting semaphore for image decodes: at most `slots` run at once and at most `maxWaiting`
 * wait their turn, in arrival order; one more is refused at once (429, the client retries), so a
 * burst of uploads queues instead of decoding everything together and exhausting memory.
 */
export class DecodeSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
  ) {}

  get busy(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.waiting.length >= this.maxWaiting)
        throw new AppError('tooManyRequests', {
          detail: 'Too many images are being processed right now. Please try again in a moment.',
        });
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; otherwise it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's image decodes (every upload purpose): one per core, 64 more waiting. */
export const decodeSlots = new DecodeSlots(Math.max(1, availableParallelism()), 64);
