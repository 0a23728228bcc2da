# Puur's server image (compose.yaml): the package with the PostgreSQL extra. The C compiler builds the
# solver's and the playout's compiled cores (setup.py).
FROM python:3.11-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir '.[postgres]'
RUN useradd --create-home puur
USER puur
EXPOSE 8000
CMD ["puur", "serve", "--host", "0.0.0.0", "--port", "8000"]
