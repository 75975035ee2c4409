/**
 * The request's form. A body that cannot be read as a form (a broken multipart boundary, a
 * truncated upload, a body cut off at its size limit) is the sender's mistake: 400 with a
 * clear message, never a 500 (issue 21, section 4).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read: it is incomplete or malformed. Send it again from the page.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
