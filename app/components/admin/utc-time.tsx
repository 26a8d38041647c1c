/** A moment as "2026-11-22 10:34 UTC": the same on the server and in every browser, as the sign-in block message shows times. */
export function UtcTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}
    </time>
  );
}
