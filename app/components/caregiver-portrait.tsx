import UserRound from "lucide-react/dist/esm/icons/user-round.js";

/** The helper's photo (or a placeholder) and name, as the customer's order pages show them. */
export function CaregiverPortrait({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  return (
    <div className="flex items-center gap-4">
      {photoUrl ? (
        <img src={photoUrl} alt="" width={96} height={96} className="h-24 w-24 flex-none rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-24 w-24 flex-none items-center justify-center rounded-full bg-brand-100 text-brand-800">
          <UserRound className="h-12 w-12" />
        </span>
      )}
      <p className="text-xl font-semibold">{name}</p>
    </div>
  );
}
