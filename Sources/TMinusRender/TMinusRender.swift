// The bar renderers live here (issue 4).
