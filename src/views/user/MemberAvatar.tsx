/** The first letter of each of the first two words (or the first two characters of one word), upper-cased. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? words.slice(0, 2).map((w) => [...w][0]) : [...words[0]!].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A member's picture, or their initials on a round badge when they have none. */
export function MemberAvatar({ name, avatar, large }: { name: string; avatar?: string; large?: boolean }) {
  const className = `member-avatar${large ? ' is-large' : ''}`;
  return avatar ? (
    <img className={className} src={avatar} alt="" />
  ) : (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
