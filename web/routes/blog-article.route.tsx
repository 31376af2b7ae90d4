/** `/blog/{slug}` (content-and-account-pages §2.9): one article, or 'Article Not Found'. */
import { useParams } from 'react-router';
import { ArticleView } from '../features/blog/components/article-view';

export function BlogArticlePage() {
  const { slug = '' } = useParams();
  return <ArticleView key={slug} slug={slug} />;
}
