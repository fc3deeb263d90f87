/**
 * Runs `work` in the first task after the next frame has been painted, so that
 * what a person waits for (the chart after a filter change) reaches the screen
 * before what can follow it. Returns a cancel function.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
