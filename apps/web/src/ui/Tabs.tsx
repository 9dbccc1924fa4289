/** A row of tab buttons in the app's `.tabs` style; the caller shows the panel of the active one. */
export function Tabs<Id extends string>({
  items,
  active,
  onSelect,
  testIdPrefix,
}: {
  items: ReadonlyArray<{ id: Id; label: string }>;
  active: Id;
  onSelect(id: Id): void;
  testIdPrefix: string;
}) {
  return (
    <div className="tabs" role="tablist">
      {items.map(({ id, label }) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={active === id}
          className={`tabs__tab tabs__button${active === id ? ' is-active' : ''}`}
          onClick={() => onSelect(id)}
          data-testid={`${testIdPrefix}-${id}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
