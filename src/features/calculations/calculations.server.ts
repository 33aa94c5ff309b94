// Calculations of the signed-in user. The cabinet does not store calculations yet (equipment
// calculations are the next feature), so the user has none; that feature replaces this count with
// a query over its own table, and the home dashboard's request_count follows.
export async function countCalculations(_userId: number): Promise<number> {
  return 0;
}
