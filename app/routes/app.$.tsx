// Unknown paths under /app: signed-in users get the 404 page inside the shell.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function AppNotFound() {
  return null;
}
