import { Worker } from 'node:worker_threads';

/**
 * Runs `exportName(input)` of a TypeScript module in a worker thread and answers its result: the
 * load a benchmark generates stays off the main thread, where the server under test runs.
 */
export function runInWorker<Input, Result>(moduleUrl: URL, exportName: string, input: Input): Promise<Result> {
  const href = JSON.stringify(moduleUrl.href);
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    import('tsx/esm/api')
      .then(({ tsImport }) => tsImport(${href}, ${href}))
      .then((module) => module[${JSON.stringify(exportName)}](workerData))
      .then((result) => parentPort.postMessage(result));`;
  const worker = new Worker(source, { eval: true, workerData: input });
  return new Promise<Result>((resolve, reject) => {
    worker.once('message', (result: Result) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
