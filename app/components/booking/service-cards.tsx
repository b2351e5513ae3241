import { DRAFT_PARAM } from "~/booking/draft";
import { ChoiceCard } from "~/components/booking/choice-card";
import { choiceCardClass, choiceRadioClass } from "~/components/form-parts";
import { ServiceIcon } from "~/components/service-icon";
import { useChoiceMadeBeforeHydration } from "~/components/use-choice-before-hydration";
import { formatAmount } from "~/domain/format";

// The service choice (spec 000 §2): one card per service category with its icon, name,
// description and the hourly price for the chosen time ('€ / tunti (sis. ALV 25,5%)', spec §9),
// or while no time is chosen yet the range of the price bands (service-step-page.tsx).
// Radio buttons: the choice travels with the next submission of the step's form. Controlled, so
// that a page arriving from the server never re-checks an earlier choice under the visitor's hand.

export interface ServiceCardOption {
  id: string;
  name: string;
  description: string;
  icon: string;
}

/** '40,00 € / tunti (sis. ALV 25,5%)' */
export function hourlyPriceLabel(hourlyCents: number): string {
  return `${formatAmount(hourlyCents)} € / tunti (sis. ALV 25,5%)`;
}

export function ServiceCards({
  services,
  selected,
  priceLabel,
  legendId,
  onSelect,
}: {
  services: readonly ServiceCardOption[];
  selected: string | null;
  priceLabel: string;
  legendId: string;
  onSelect: (serviceId: string) => void;
}) {
  useChoiceMadeBeforeHydration(DRAFT_PARAM.service, selected, onSelect);
  if (services.length === 0) {
    return <p className="text-gray-800">Palveluita ei juuri nyt voitu näyttää. Päivitä sivu hetken kuluttua.</p>;
  }
  return (
    <fieldset aria-labelledby={legendId} className="space-y-2">
      <ul className="grid gap-3 sm:grid-cols-2">
        {services.map((service) => {
          const id = `palvelu-${service.id}`;
          const descriptionId = `${id}-kuvaus`;
          return (
            <li key={service.id}>
              <ChoiceCard
                id={id}
                className={`gap-3 border-gray-600 bg-white p-4 ${choiceCardClass}`}
                radio={
                  <input
                    type="radio"
                    id={id}
                    name={DRAFT_PARAM.service}
                    value={service.id}
                    checked={service.id === selected}
                    onChange={() => onSelect(service.id)}
                    aria-describedby={descriptionId}
                    className={choiceRadioClass}
                  />
                }
                picture={
                  <span aria-hidden="true" className="flex h-12 w-12 flex-none items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <ServiceIcon name={service.icon} className="h-7 w-7" />
                  </span>
                }
                title={service.name}
                titleClassName="text-lg"
                detailsId={descriptionId}
                detailsClassName="text-gray-800"
              >
                {service.description}
                <span className="mt-1 block font-semibold text-brand-800">{priceLabel}</span>
              </ChoiceCard>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
