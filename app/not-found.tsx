import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-md space-y-4 text-center">
      <h1 className="text-2xl font-bold">Not found</h1>
      <p>There is nothing at this address.</p>
      <Link className="link" href="/">
        Back to the home page
      </Link>
    </div>
  );
}
