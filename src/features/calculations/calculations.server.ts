// Calculations of the signed-in user for the home dashboard's request_count: the saved ones.
import { countSaved } from './saved/saved.server.ts';

export async function countCalculations(userId: number): Promise<number> {
  return countSaved(userId);
}
