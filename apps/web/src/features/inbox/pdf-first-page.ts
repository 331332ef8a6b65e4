/**
 * Draws a PDF's first page on a canvas with pdf.js, loaded on first use (it is large, and only the
 * inbox previews need it). Rendering in the page, rather than the browser's PDF viewer in a frame, works
 * the same in every browser, headless ones included, and never runs the PDF's own scripts.
 */
export async function renderFirstPage(
  data: ArrayBuffer,
  canvas: HTMLCanvasElement,
  width: number,
): Promise<void> {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
  } finally {
    await pdf.destroy();
  }
}
