import { PICK_PARAM } from "~/booking/draft";
import { SubmitButton } from "~/components/button";

// The 'Jatka …' button of the wizard's pick steps. While something is still to be chosen it is
// disabled and says what (the hint is its description, so a screen reader hears why too).

const HINT_ID = "jatka-ohje";

export function ProceedButton({ missing, children }: { missing: string | null; children: React.ReactNode }) {
  return (
    <>
      <SubmitButton
        name={PICK_PARAM.proceed}
        value="1"
        busyLabel="Siirrytään..."
        disabled={missing !== null}
        describedBy={missing === null ? undefined : HINT_ID}
        className="px-8 text-lg"
      >
        {children}
      </SubmitButton>
      {missing !== null ? (
        <p id={HINT_ID} className="w-full text-gray-800">
          {missing}
        </p>
      ) : null}
    </>
  );
}
