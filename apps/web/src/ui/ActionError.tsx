/** The server's refusal of an action, shown where the action was; nothing when there is none. */
export function ActionError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
