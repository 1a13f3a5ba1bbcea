/** A webhook endpoint's signing secret, shown once after it is made (added, or rotated). */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <>
      Its signing secret, shown only now (copy it into the receiver):{" "}
      <code className="font-mono text-sm break-all select-all" data-secret>
        {secret}
      </code>
      .
    </>
  );
}
