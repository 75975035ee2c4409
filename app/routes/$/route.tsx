// Any path no other route claims: the root error boundary shows "404 Page Not Found".
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
