/** A service customers can book (spec 000 §3 service_categories). */
export interface ServiceCategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
}
