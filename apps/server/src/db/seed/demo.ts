import { applyRateBp, formatFen } from '@maika/shared';
import { eq, sql } from 'drizzle-orm';
import { FOUNDATION_KEY } from '../../modules/content';
import type { Deps } from '../../deps';
import type { Tx } from '../client';
import { banners, broadcasts, cardTypes, categories, faceValues, faqs, notices, richTexts, settings } from '../schema';
import { demoCatalogue } from './catalogue';
import { demoAnnouncementLines, demoBanners, demoFaqs, demoFoundation, demoNotices, demoSales, type DemoSale } from './content';
import { seedDemoMessages } from './messages';
import { demoRichTexts } from './richTexts';

const SEEDED_KEY = 'demo.seeded';
// Any constant works as long as nothing else in the app takes the same advisory lock.
const SEED_LOCK_ID = 7_261_505_834_201;

/**
 * Fills an empty installation with a browsable catalogue, site content and a seller with messages
 * (the message channels on with demo template ids). Runs once per
 * database: the marker is written in the same transaction as the rows, and the advisory lock
 * makes a second server starting at the same moment wait and then see the marker.
 */
export async function seedDemoData(deps: Pick<Deps, 'database' | 'jobs'>): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID}::bigint)`);
    const [seeded] = await tx.select({ key: settings.key }).from(settings).where(eq(settings.key, SEEDED_KEY));
    if (seeded) return false;

    await seedCatalogue(tx);
    await seedContent(tx);
    await seedDemoMessages(deps, tx);
    await tx.insert(settings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } });
    return true;
  });
}

async function seedCatalogue(tx: Tx): Promise<void> {
  for (const [categoryIndex, category] of demoCatalogue.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({ name: category.name, nameEn: category.nameEn, icon: category.icon, sort: categoryIndex + 1 })
      .returning({ id: categories.id });
    const categoryId = row!.id;

    for (const [typeIndex, type] of category.cardTypes.entries()) {
      const [typeRow] = await tx
        .insert(cardTypes)
        .values({
          categoryId,
          name: type.name,
          nameEn: type.nameEn,
          logo: type.logo,
          cardNoRuleType: type.cardNoRuleType,
          cardNoLength: type.cardNoLength,
          needsCardNo: type.needsCardNo ?? true,
          pwdRuleType: type.pwdRuleType,
          pwdLength: type.pwdLength,
          physical: type.physical ?? false,
          maintenance: type.maintenanceNote !== undefined,
          maintenanceNote: type.maintenanceNote ?? null,
          maintenanceNoteEn: type.maintenanceNoteEn ?? null,
          dailyCapPerUser: type.dailyCapPerUser ?? null,
          sort: typeIndex + 1,
        })
        .returning({ id: cardTypes.id });
      await tx
        .insert(faceValues)
        .values(type.faceValues.map(([faceValueFen, rateBp]) => ({ cardTypeId: typeRow!.id, faceValueFen, rateBp })));
    }
  }
}

async function seedContent(tx: Tx): Promise<void> {
  const sortInPosition = new Map<number, number>();
  await tx.insert(banners).values(
    demoBanners.map((banner) => {
      const sort = (sortInPosition.get(banner.position) ?? 0) + 1;
      sortInPosition.set(banner.position, sort);
      return { ...banner, sort };
    }),
  );

  const now = Date.now();
  await tx.insert(notices).values(
    demoNotices.map(({ daysAgo, pinned, ...notice }) => ({
      ...notice,
      pinned: pinned ?? false,
      publishedAt: new Date(now - daysAgo * 86_400_000),
    })),
  );

  // The ticker shows newest first, so insert oldest first.
  const tickerLines = [...demoAnnouncementLines, ...demoSales.map(saleLine)].reverse();
  await tx.insert(broadcasts).values(tickerLines);

  await tx.insert(faqs).values(demoFaqs.map((faq, index) => ({ ...faq, sort: index + 1 })));

  // An operator may have saved texts or foundation settings before the first start; theirs win.
  await tx
    .insert(richTexts)
    .values([...demoRichTexts])
    .onConflictDoNothing();
  await tx.insert(settings).values({ key: FOUNDATION_KEY, value: demoFoundation }).onConflictDoNothing();
}

function saleLine(sale: DemoSale): { text: string; textEn: string } {
  const type = demoCatalogue.flatMap((category) => category.cardTypes).find((t) => t.name === sale.cardType);
  const rateBp = type?.faceValues.find(([faceValueFen]) => faceValueFen === sale.faceValueFen)?.[1];
  if (!type || rateBp === undefined) throw new Error(`demo sale of ${sale.cardType} ${sale.faceValueFen} has no seeded rate`);
  const faceValue = formatFen(sale.faceValueFen);
  const credited = formatFen(applyRateBp(sale.faceValueFen, rateBp));
  return {
    text: `${sale.maskedPhone} 成功出售 ${type.name} ${faceValue}，到账 ${credited}`,
    textEn: `${sale.maskedPhone} sold a ${faceValue} ${type.nameEn}, credited ${credited}`,
  };
}
