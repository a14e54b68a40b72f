/** Hooks over the catalogue calls. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchGoodsClasses, fetchGoodsDetail, searchCardTypes } from '../endpoints/catalogue';
import { queryKeys } from '../queryKeys';

export function useGoodsClasses() {
  return useQuery({ queryKey: queryKeys.goods.classList(), queryFn: fetchGoodsClasses });
}

/** A card type's face values and rates; `id` null while nothing is chosen. */
export function useGoodsDetail(id: number | null) {
  return useQuery({
    queryKey: queryKeys.goods.detail(id ?? 0),
    queryFn: () => fetchGoodsDetail(id ?? 0),
    enabled: id !== null,
  });
}

/** Card types matching `keyword` (already trimmed); idle while it is empty. */
export function useCardTypeSearch(keyword: string) {
  return useQuery({
    queryKey: queryKeys.goods.search(keyword),
    queryFn: () => searchCardTypes(keyword),
    enabled: keyword !== '',
    // The previous results stay while the next keyword loads, so the list does not blink per letter.
    placeholderData: keepPreviousData,
  });
}
