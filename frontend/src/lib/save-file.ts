/**
 * saveFile hands bytes fetched through the API to the browser as a download named fileName; a
 * streamed file comes as its pieces, which the Blob joins without copying them into one array.
 */
export function saveFile(bytes: Uint8Array | Uint8Array[], fileName: string, type: string) {
  const parts = (Array.isArray(bytes) ? bytes : [bytes]) as Uint8Array<ArrayBuffer>[];
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
