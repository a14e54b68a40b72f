import { View } from '@tarojs/components';
import './index.scss';

interface SkeletonBlockProps {
  className?: string;
}

/** A grey placeholder with a passing shine; size it with a class. */
export function SkeletonBlock({ className }: SkeletonBlockProps) {
  return <View className={className ? `skeleton ${className}` : 'skeleton'} />;
}

interface ListSkeletonProps {
  rows?: number;
  /** Draw a square (a logo) at the start of each row. */
  withLogo?: boolean;
}

/** Rows of a list on their way: the default loading picture of AsyncView. */
export function ListSkeleton({ rows = 5, withLogo = false }: ListSkeletonProps) {
  return (
    <View className="skeleton-list">
      {Array.from({ length: rows }, (_, index) => (
        <View key={index} className="skeleton-list__row">
          {withLogo ? <SkeletonBlock className="skeleton-list__logo" /> : null}
          <View className="skeleton-list__lines">
            <SkeletonBlock className="skeleton-list__line" />
            <SkeletonBlock className="skeleton-list__line skeleton-list__line--short" />
          </View>
        </View>
      ))}
    </View>
  );
}

/** Paragraphs of an article on their way (rich texts, an announcement). */
export function ArticleSkeleton() {
  return (
    <View className="skeleton-article">
      <SkeletonBlock className="skeleton-article__heading" />
      {[100, 96, 100, 72, 100, 88, 54].map((width, index) => (
        <View key={index} style={{ width: `${width}%` }}>
          <SkeletonBlock className="skeleton-article__line" />
        </View>
      ))}
    </View>
  );
}
