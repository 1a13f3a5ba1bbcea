/**
 * The next look of a worker that polls (the outbox, the webhook dispatcher):
 * `arm` calls `due` once after `ms`, unless it is armed already or cleared
 * first (a kick looks at once instead). It does not keep the process alive.
 */
export class PollTimer {
  private readonly ms: number;
  private readonly due: () => void;
  private timer: NodeJS.Timeout | null = null;

  constructor(ms: number, due: () => void) {
    this.ms = ms;
    this.due = due;
  }

  arm() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.due();
    }, this.ms);
    this.timer.unref();
  }

  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
