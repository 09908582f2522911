import { setUploadTransport, type UploadAnswer, type UploadRequest } from '@/web/api/uploadTransport';

/** An upload the page has sent through the stub, with what answers it and whether the page aborted it. */
export type StubbedUpload = UploadRequest & { answer: (answer: UploadAnswer) => void; aborted: boolean };

/**
 * An upload transport the test drives: each request waits until the test reports its bytes and
 * answers it, or until the page aborts it (rejecting as the browser's does). A suite that uses it
 * puts the fetch transport back after each test (`setUploadTransport(null)`).
 */
export function stubUploadTransport(): StubbedUpload[] {
  const requests: StubbedUpload[] = [];
  setUploadTransport(
    (request) =>
      new Promise<UploadAnswer>((resolve, reject) => {
        const entry = { ...request, answer: resolve, aborted: false };
        request.signal.addEventListener('abort', () => {
          entry.aborted = true;
          reject(new DOMException('The upload was cancelled', 'AbortError'));
        });
        requests.push(entry);
      }),
  );
  return requests;
}
